#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

// Values the components set and read through the environment. A component sets the retry
// action only on the branches it is meant for, never on the whole subtree.

/// The action a component gives the retry buttons of one of its branches.
struct AsyncRetryAction: Sendable {
  let run: @Sendable () async -> Void
}

private struct AsyncRetryActionKey: EnvironmentKey {
  static var defaultValue: AsyncRetryAction? { nil }
}

/// How a component's views reach its controller, which it creates when it first needs it.
struct ContentControllerHandle: Sendable {
  /// The controller, made on first use.
  let resolve: @MainActor @Sendable () -> ContentController
  /// The controller if it exists, for reading in `body` without making one.
  let current: @MainActor @Sendable () -> ContentController?

  /// A handle over the `@State` that keeps the controller; a controller made through it keeps
  /// `clock` (the source loader's; a continuous clock when the source is not a loader).
  init(_ storage: State<ContentController?>, clock: LoaderClock? = nil) {
    resolve = {
      if let controller = storage.wrappedValue { return controller }
      let controller = ContentController(clock: clock ?? LoaderClock(ContinuousClock()))
      storage.wrappedValue = controller
      return controller
    }
    current = { storage.wrappedValue }
  }
}

private struct ContentControllerKey: EnvironmentKey {
  static var defaultValue: ContentControllerHandle? { nil }
}

private struct BannerPolicyKey: EnvironmentKey {
  static var defaultValue: BannerPolicy { .persistent }
}

private struct PullToRefreshKey: EnvironmentKey {
  static var defaultValue: Bool { true }
}

private struct ProgressTimingKey: EnvironmentKey {
  static var defaultValue: ProgressTiming { .default }
}

private struct LoaderStoreKey: EnvironmentKey {
  static var defaultValue: LoaderStore { .shared }
}

private struct PlaceholderKey: EnvironmentKey {
  static var defaultValue: Bool { false }
}

private struct DefaultStringsKey: EnvironmentKey {
  static var defaultValue: DefaultStrings { .current }
}

private struct WaitingForNetworkKey: EnvironmentKey {
  static var defaultValue: Bool { false }
}

extension EnvironmentValues {
  /// The retry action of the branch a retry button is in.
  var asyncRetry: AsyncRetryAction? {
    get { self[AsyncRetryActionKey.self] }
    set { self[AsyncRetryActionKey.self] = newValue }
  }

  /// Whether the first load the loading view stands for waits for the network: the default
  /// loading view then says so.
  var isAsyncWaitingForNetwork: Bool {
    get { self[WaitingForNetworkKey.self] }
    set { self[WaitingForNetworkKey.self] = newValue }
  }

  /// The controller of the component whose content this is (its paging footer reads it).
  var asyncContentController: ContentControllerHandle? {
    get { self[ContentControllerKey.self] }
    set { self[ContentControllerKey.self] = newValue }
  }

  /// How the failed-reload banner behaves; set it with ``SwiftUI/View/asyncBannerPolicy(_:)``.
  public var asyncBannerPolicy: BannerPolicy {
    get { self[BannerPolicyKey.self] }
    set { self[BannerPolicyKey.self] = newValue }
  }

  /// Whether the components offer pull-to-refresh; set it with
  /// ``SwiftUI/View/asyncPullToRefresh(_:)``.
  public var isAsyncPullToRefreshEnabled: Bool {
    get { self[PullToRefreshKey.self] }
    set { self[PullToRefreshKey.self] = newValue }
  }

  /// How long a first load may run before the components show progress, and how long progress
  /// stays once shown, for every loader that does not set its own
  /// (``AsyncLoader/progressTiming``); set it with
  /// ``SwiftUI/View/asyncProgressTiming(_:)``. ``ProgressTiming/default`` by
  /// default: 150 ms and 400 ms.
  public var asyncProgressTiming: ProgressTiming {
    get { self[ProgressTimingKey.self] }
    set { self[ProgressTimingKey.self] = newValue }
  }

  /// The store that the views which take a key (`AsyncView(key:)`, `PagingList(key:)`) and the
  /// inspector use: ``LoaderStore/shared`` unless
  /// ``SwiftUI/View/loaderStore(_:)`` sets another.
  ///
  /// Read it to reach the store from a view, for a mutation or an invalidation:
  ///
  /// ```swift
  /// @Environment(\.loaderStore) private var store
  ///
  /// Button("Refresh all") { store.invalidateAll() }
  /// ```
  public var loaderStore: LoaderStore {
    get { self[LoaderStoreKey.self] }
    set { self[LoaderStoreKey.self] = newValue }
  }

  /// Whether the content of an `AsyncView(key:keepsPreviousValue: true)` shows the previous
  /// key's value, kept as a placeholder while the current key's first value loads. `false`
  /// everywhere else.
  ///
  /// The view shows the placeholder as it shows a reload; a row that must not act on the old
  /// value reads this:
  ///
  /// ```swift
  /// struct ResultRow: View {
  ///   @Environment(\.isAsyncPlaceholder) private var isPlaceholder
  ///   let country: Country
  ///
  ///   var body: some View {
  ///     Text(country.name).opacity(isPlaceholder ? 0.5 : 1)
  ///   }
  /// }
  /// ```
  public var isAsyncPlaceholder: Bool {
    get { self[PlaceholderKey.self] }
    set { self[PlaceholderKey.self] = newValue }
  }

  /// The default texts the components show and announce: ``DefaultStrings/current`` (the
  /// first of the user's languages that both the app and the package have, or English)
  /// unless ``SwiftUI/View/asyncDefaultStrings(_:)`` pins another language.
  ///
  /// The environment's `locale` does not change it: an app that sets a locale to format dates
  /// keeps these texts in the language of the rest of its screens. Read it in a view of your
  /// own to show a default text in the same language:
  ///
  /// ```swift
  /// @Environment(\.asyncDefaultStrings) private var strings
  ///
  /// Text(verbatim: strings.nothingHere)
  /// ```
  public var asyncDefaultStrings: DefaultStrings {
    get { self[DefaultStringsKey.self] }
    set { self[DefaultStringsKey.self] = newValue }
  }
}

extension View {
  /// Sets how the failed-reload banner behaves in this hierarchy: off, persistent (the default)
  /// or transient, hiding itself after a duration.
  ///
  /// ```swift
  /// PagingList(countries) { CountryRow(country: $0) }
  ///   .asyncBannerPolicy(.transient(.seconds(4)))  // a toast, as in kntkymt's sample app
  /// ```
  ///
  /// - Parameter policy: The banner's behavior; the core's banner controller applies it.
  public func asyncBannerPolicy(_ policy: BannerPolicy) -> some View {
    environment(\.asyncBannerPolicy, policy)
  }

  /// Turns the components' pull-to-refresh on or off in this hierarchy.
  ///
  /// Without pull-to-refresh, the failure view's Retry, the empty state's Reload and the
  /// banner's Retry still reload: they do not depend on it.
  ///
  /// ```swift
  /// PagingList(countries) { CountryRow(country: $0) }
  ///   .asyncPullToRefresh(false)
  /// ```
  ///
  /// - Parameter isEnabled: Whether a pull reloads; `true` by default.
  public func asyncPullToRefresh(_ isEnabled: Bool) -> some View {
    environment(\.isAsyncPullToRefreshEnabled, isEnabled)
  }

  /// Sets the calm timing of first loads in this hierarchy: a first load that lands within the
  /// delay shows no progress at all, and progress that appears stays for the minimum. A loader
  /// that sets its own ``AsyncLoader/progressTiming`` keeps it.
  ///
  /// ```swift
  /// ContentView()
  ///   .asyncProgressTiming(.immediate)  // progress exactly while a first load runs
  /// ```
  ///
  /// - Parameter timing: The delay and minimum display; the core's progress controller
  ///   applies them on the loader's clock.
  public func asyncProgressTiming(_ timing: ProgressTiming) -> some View {
    environment(\.asyncProgressTiming, timing)
  }

  /// Pins the language of the components' default texts and announcements in this hierarchy,
  /// instead of the one chosen from the user's and the app's languages
  /// (``DefaultStrings/current``): for a preview in each language, or an app with a language
  /// setting of its own.
  ///
  /// ```swift
  /// #Preview("German") {
  ///   CountriesScreen()
  ///     .asyncDefaultStrings(DefaultStrings(language: "de"))
  /// }
  /// ```
  ///
  /// Setting the environment's `locale` does not change these texts; this does.
  ///
  /// - Parameter strings: The texts, for example `DefaultStrings(language: "de")`.
  public func asyncDefaultStrings(_ strings: DefaultStrings) -> some View {
    environment(\.asyncDefaultStrings, strings)
  }

  /// Sets the store that the views which take a key (`AsyncView(key:)`, `PagingList(key:)`) and
  /// the inspector use in this hierarchy, instead of ``LoaderStore/shared``.
  ///
  /// ```swift
  /// extension LoaderStore {
  ///   static let countries = LoaderStore(staleness: .after(.seconds(30)), clients: CountryAPI())
  /// }
  ///
  /// WindowGroup {
  ///   ContentView()
  ///     .loaderStore(.countries)
  /// }
  /// ```
  ///
  /// Give the hierarchy one store for its life, made once (a `static let`, or an app's
  /// `@State`), never in a `body`: a view shown with another store stops observing the old one
  /// and observes its key in the new one.
  ///
  /// - Parameter store: The store.
  public func loaderStore(_ store: LoaderStore) -> some View {
    environment(\.loaderStore, store)
  }

  /// Reloads the store's observed entries that have nothing current when the scene comes back
  /// from the background: the `scenePhase` adapter of the store's refetch triggers.
  ///
  /// Apply it once, at the root of each scene. It calls
  /// ``AsyncContentCore/LoaderStore/refetch(after:minimumInterval:)`` with
  /// ``AsyncContentCore/RefetchEvent/becameActive`` when the phase becomes `active` after the
  /// scene was in the `background` phase; the store throttles the event across every scene and
  /// source, and the reloads run in the store's loaders, never in the view.
  ///
  /// Only a return from the background counts. Control Center, the notification shade, a
  /// permission alert, Face ID and a peek at the app switcher make the scene `inactive` for a
  /// moment, never `background`, and refetch nothing: the screen was there all along. The
  /// scene's first phase is where it starts, not a return.
  ///
  /// It also tells the store when the scene is in the background: the store pauses polling
  /// (``AsyncContentCore/StoreKey/refetchInterval``) while every scene that applies it is in the
  /// background.
  ///
  /// On macOS this is not a window-focus refetch: a window can stay `active` while another app
  /// has the focus, so switching apps need not change its phase. To refetch when the user comes
  /// back to the app, feed `RefetchEvent.appActivations()` to the store instead.
  ///
  /// ```swift
  /// WindowGroup {
  ///   ContentView()
  ///     .refetchesOnActivation()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store; the environment's (``LoaderStore/shared`` unless
  ///     ``SwiftUI/View/loaderStore(_:)`` sets another) when `nil`.
  ///   - minimumInterval: How long after handling an activation the store drops the next one.
  public func refetchesOnActivation(
    _ store: LoaderStore? = nil, minimumInterval: Duration = .seconds(1)
  ) -> some View {
    modifier(RefetchOnActivation(store: store, minimumInterval: minimumInterval))
  }
}

/// Feeds ``AsyncContentCore/RefetchEvent/becameActive`` to a store when the scene comes back
/// from the background; `ActivationFilter`, tested in the core, decides which changes do.
private struct RefetchOnActivation: ViewModifier {
  let store: LoaderStore?
  let minimumInterval: Duration
  @Environment(\.scenePhase) private var scenePhase
  @Environment(\.loaderStore) private var environmentStore
  /// What the scene told the store (its phases, for polling and the refetch): a value that
  /// holds no task.
  @State private var events = SceneEvents()

  func body(content: Content) -> some View {
    // `initial`: the filter learns the phase the scene starts in, which is no return.
    content.onChange(of: scenePhase, initial: true) { _, newPhase in
      events.phaseChanged(
        to: ActivationFilter.Phase(newPhase), store: store ?? environmentStore,
        minimumInterval: minimumInterval)
    }
    .onAppear {
      events.appeared(in: ActivationFilter.Phase(scenePhase), store: store ?? environmentStore)
    }
    .onDisappear { events.sceneWentAway() }
  }
}

extension ActivationFilter.Phase {
  /// The filter's phase for SwiftUI's: a phase that a later SwiftUI adds counts as `inactive`,
  /// neither a departure nor a return.
  init(_ phase: ScenePhase) {
    if phase == .background {
      self = .background
    } else if phase == .active {
      self = .active
    } else {
      self = .inactive
    }
  }
}
#endif
