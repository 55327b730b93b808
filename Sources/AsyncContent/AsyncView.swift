#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Shows one value while it loads: its loading view, its failure with a retry button, its empty
/// state, and the value with pull-to-refresh and a banner when a reload fails.
///
/// One view, six sources of the value:
///
/// | Initializer | The value comes from | Who owns the load |
/// |---|---|---|
/// | ``init(id:keepsPreviousValue:placeholder:retry:isEmpty:operation:idle:loading:failure:empty:content:)`` | an async operation, per identity | the view |
/// | ``init(key:keepsPreviousValue:placeholder:isEmpty:idle:loading:failure:empty:content:)`` | a store key | the ``LoaderStore`` in the environment |
/// | ``init(key:select:keepsPreviousValue:placeholder:isEmpty:idle:loading:failure:empty:content:)`` | a part of a store key's value | the ``LoaderStore`` in the environment |
/// | ``init(keys:keepsPreviousValue:placeholder:isEmpty:idle:loading:failure:empty:content:)`` | several store keys, as one value | the ``LoaderStore`` in the environment |
/// | ``init(_:placeholder:isEmpty:idle:loading:failure:empty:content:)`` | a ``LoadableObject`` you own | you |
/// | ``init(phase:placeholder:isEmpty:reload:idle:loading:failure:empty:content:)`` | a ``LoadPhase`` you drive | you, through `reload` |
///
/// With an operation, the view keeps one ``AsyncLoader`` per identity, as `task(id:)` keeps one
/// task: give it the `id` of what it shows, and a new `id` means a new loader and a new load (the
/// previous one is cancelled). A parent's re-render that keeps the `id` allocates no loader and
/// loads nothing. Ralf Ebert's one-liner from "AsyncView – Asynchrone Ladevorgänge in SwiftUI":
///
/// ```swift
/// AsyncView(id: country.id) { try await api.detail(id: country.id) } content: { detail in
///   CountryDetailView(detail: detail)
/// }
/// ```
///
/// Whatever the source, the view's stable container starts the first load when it appears and
/// nothing was requested (appearing again does not fetch again); pull-to-refresh, the banner's
/// Retry and the empty state's Reload run the reload, the failure view's Retry the retry, and
/// each returns when the load lands, so the refresh control spins exactly as long as it runs. A
/// reload keeps the content; a cancelled load is never shown as an error. Every builder but
/// `content` is optional: by default the idle view is invisible, and the others are
/// ``DefaultLoadingView``, ``DefaultFailureView`` and ``DefaultEmptyView``, styled by the styles
/// in the environment.
///
/// Given a store key, the view shows the key's value from the ``LoaderStore`` in the
/// environment: every view of the key shares the store's loader, and a view that comes back shows
/// the cached value at once.
///
/// ```swift
/// AsyncView(key: CountryKey(id: country.id)) { country in
///   Text(country.name)
/// }
/// ```
public struct AsyncView<
  Value, Content: View, Idle: View, Loading: View, FailureContent: View, Empty: View
>: View {
  /// The view's own loader (an operation's) or its store's view of its key; empty until the
  /// view appears, so the initializer allocates nothing.
  @State private var slot = LoaderSlot<AnyHashable, AnyObject>()
  private let source: ComponentSource<ValueSnapshot<Value>>
  private let placeholder: Value?
  private let isEmpty: (Value) -> Bool
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  private init(
    source: ComponentSource<ValueSnapshot<Value>>, placeholder: Value?,
    isEmpty: @escaping (Value) -> Bool, idle: Idle, loading: Loading,
    failure: @escaping (any Error, Bool) -> FailureContent, empty: Empty,
    content: @escaping (Value) -> Content
  ) {
    self.source = source
    self.placeholder = placeholder
    self.isEmpty = isEmpty
    self.idle = idle
    self.loading = loading
    self.failure = failure
    self.empty = empty
    self.content = content
  }

  /// Creates a view that runs `operation` for `id` and shows its value.
  ///
  /// Without an `id`, the view shows the same thing for its whole life, as `task` without an id
  /// does:
  ///
  /// ```swift
  /// AsyncView(operation: { try await api.countries() }) { countries in
  ///   List(countries) { Text($0.name) }
  /// }
  /// ```
  ///
  /// With `keepsPreviousValue`, a new `id` keeps the previous value on screen while the new one
  /// loads (search results stay while the next query runs); if that load fails, the previous
  /// value stays under the banner.
  ///
  /// - Parameters:
  ///   - id: The identity of what the view shows: a new value means a new load. By default the
  ///     view always shows the same thing.
  ///   - keepsPreviousValue: Whether the previous identity's value stays visible while a new
  ///     identity loads.
  ///   - placeholder: A value shown redacted during the first load instead of the loading view.
  ///   - retry: How failed attempts are retried before the failure shows.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - operation: The load of `id`; it runs off the main actor.
  ///   - idle: Shown before the load starts; by default invisible.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when the load failed with nothing to show; it gets the error and whether
  ///     a retry runs.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the value.
  public init<ID: Hashable>(
    id: ID = SingleIdentity(),
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    retry: RetryPolicy = .never,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    operation: @escaping @Sendable () async throws -> Value,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) where Value: Sendable {
    self.init(
      source: .owned(
        id: AnyHashable(id),
        select: { slot in
          var kept: Value?
          let made = slot.select(AnyHashable(id)) { previous in
            kept = keepsPreviousValue ? (previous as? AsyncLoader<Value>)?.phase.value : nil
            return AsyncLoader(
              phase: kept.map { .loaded($0) } ?? .idle, retry: retry, operation: operation)
          }
          if made, kept != nil { (slot.loader as? AsyncLoader<Value>)?.startReload() }
        },
        read: { ($0 as? AsyncLoader<Value>).map { ValueSnapshot($0) } }),
      placeholder: placeholder, isEmpty: isEmpty, idle: idle(), loading: loading(),
      failure: failure, empty: empty(), content: content)
  }

  /// Creates a view that shows the value of `key` from the store in the environment
  /// (``LoaderStore/shared`` unless ``SwiftUI/View/loaderStore(_:)`` sets another).
  ///
  /// The store owns the loader, so every view of the key shares one request and one phase, a
  /// view that SwiftUI makes again finds the same loader, and a view that comes back shows the
  /// cached value at once (revalidating it when it is stale). The view observes its key while
  /// it is on screen; disappearing leaves a running load to finish, and a key that changes
  /// while the view is hidden (under a pushed screen) loads nothing until the view appears
  /// again, when it observes the key it shows then. Pull-to-refresh, the banner
  /// and the retry buttons work as they do over any loader; failed fetches are retried as the
  /// store's ``LoaderStore/retryPolicy`` says.
  ///
  /// ```swift
  /// AsyncView(key: CountryKey(id: country.id)) { country in
  ///   Text(country.name)
  /// }
  /// ```
  ///
  /// With `keepsPreviousValue`, a new key shows the previous key's value as it shows a reload,
  /// until the new key's first value lands; if that load fails, the previous value stays under
  /// the banner. While it shows, the content's ``SwiftUI/EnvironmentValues/isAsyncPlaceholder``
  /// is `true`.
  ///
  /// - Parameters:
  ///   - key: The key of the value to show; a new key observes the new key.
  ///   - keepsPreviousValue: Whether the previous key's value stays visible, as a placeholder,
  ///     while a new key loads.
  ///   - placeholder: A value shown redacted during the first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - idle: Shown before the view observes its key; by default invisible.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when the load failed with nothing to show; it gets the error and whether
  ///     a retry runs.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the value.
  public init<Key: LoaderKey>(
    key: Key,
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) where Key.Value == Value {
    let selection = KeySelection<ValueSnapshot<Value>>(
      key, keepsPreviousValue: keepsPreviousValue, read: { ValueSnapshot(keyed: $0) })
    self.init(
      source: .key(selection), placeholder: placeholder, isEmpty: isEmpty, idle: idle(),
      loading: loading(), failure: failure, empty: empty(), content: content)
  }

  /// Creates a view that shows the values of several keys from the store in the environment as
  /// one: one loading view until every key has a value, one failure with one retry, and the
  /// content with every value.
  ///
  /// ```swift
  /// AsyncView(keys: ProfileKey(), CountryKey(id: id), NeighboursKey(country: id)) {
  ///   profile, country, neighbours in
  ///   VStack {
  ///     Text(country.name)
  ///     Text("\(neighbours.count) neighbours")
  ///     if country.id == profile.homeCountry {
  ///       Text("Your home country")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Each key is observed as ``init(key:keepsPreviousValue:placeholder:isEmpty:idle:loading:failure:empty:content:)``
  /// observes its key, so a key that another screen shows shares that screen's request and
  /// value, and a key that changes moves only its own observation. The phase is the keys'
  /// phases as one:
  /// - The first load shows one loading view until every key has a value. A key that fails
  ///   while another's first load runs leaves the loading view on screen; its failure shows
  ///   once nothing else loads, with the first error in key order.
  /// - The failure view's Retry, and the banner's after a failed reload, retry only the keys
  ///   that failed: one request per failed key, none for the others.
  /// - Pull-to-refresh and the empty state's Reload reload every key, and end when every reload
  ///   has landed; a failed reload keeps the values under the banner.
  /// - A key whose ``StoreKey/isEnabled`` is `false` loads nothing, and while the view waits
  ///   only for such keys it shows its idle view, with no spinner.
  ///
  /// - Parameters:
  ///   - keys: The keys of the values to show, in the order `content` gets their values.
  ///   - keepsPreviousValue: Whether a key that changes keeps its previous key's value on
  ///     screen, as a placeholder, until its new value lands.
  ///   - placeholder: Values shown redacted during the first load instead of the loading view.
  ///   - isEmpty: Whether the loaded values count as empty; by default, never.
  ///   - idle: Shown before the view observes its keys, and while it waits only for disabled
  ///     keys; by default invisible.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when a key's load failed with nothing to show; it gets the error and
  ///     whether a retry runs.
  ///   - empty: Shown for values that count as empty.
  ///   - content: Shows the values, one argument per key.
  public init<each Key: LoaderKey>(
    keys: repeat each Key,
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    isEmpty: @escaping (Value) -> Bool = { _ in false },
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (repeat (each Key).Value) -> Content
  ) where Value == (repeat (each Key).Value) {
    let selection = KeySelection<ValueSnapshot<Value>>(
      keys: repeat each keys, keepsPreviousValue: keepsPreviousValue,
      read: { ValueSnapshot(group: $0) })
    self.init(
      source: .key(selection), placeholder: placeholder, isEmpty: isEmpty, idle: idle(),
      loading: loading(), failure: failure, empty: empty(),
      content: { values in content(repeat each values) })
  }

  /// Creates a view that shows a part or a transform of the value of `key`, from the store in
  /// the environment, and renders again only when that part changes.
  ///
  /// It is ``init(key:keepsPreviousValue:placeholder:isEmpty:idle:loading:failure:empty:content:)``
  /// with `select:`: the same key observed the same way, the same loads, pull-to-refresh, banner
  /// and retry, and the content gets the selected value. The view reads only the key's selection
  /// in the store, so a change of another part of the value, or a reload that lands a value whose
  /// selected part is equal, does not render it again; a load that starts or ends does, as it
  /// changes what the view shows around the content. The key path runs once per new value of
  /// the key, however many views select it.
  ///
  /// ```swift
  /// AsyncView(key: CountryKey(code: code), select: \.name) { name in
  ///   Text(name).font(.headline)
  /// }
  /// ```
  ///
  /// A key path can name a computed property, which is how a transform is spelled. The selected
  /// value must be `Equatable` and `Sendable`; the key's value need not be `Equatable`.
  /// `placeholder` and `isEmpty` are of the selected value, and with `keepsPreviousValue` the
  /// previous key's value shows through the same key path.
  ///
  /// - Parameters:
  ///   - key: The key of the value to show; a new key observes the new key.
  ///   - select: The part of the key's value to show: a key path, stored or computed.
  ///   - keepsPreviousValue: Whether the previous key's value stays visible, as a placeholder,
  ///     while a new key loads.
  ///   - placeholder: A value shown redacted during the first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - idle: Shown before the view observes its key; by default invisible.
  ///   - loading: Shown during the first load with nothing to show.
  ///   - failure: Shown when the load failed with nothing to show; it gets the error and whether
  ///     a retry runs.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the selected value.
  public init<Key: LoaderKey>(
    key: Key,
    select: KeyPath<Key.Value, Value>,
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) where Value: Equatable & Sendable {
    let selection = KeySelection<ValueSnapshot<Value>>(
      key, keepsPreviousValue: keepsPreviousValue,
      read: { ValueSnapshot(keyed: $0, select: select) })
    self.init(
      source: .key(selection), placeholder: placeholder, isEmpty: isEmpty, idle: idle(),
      loading: loading(), failure: failure, empty: empty(), content: content)
  }

  /// Creates a view over a loader you own: an ``AsyncLoader`` or any ``LoadableObject`` of your
  /// own (Ralf Ebert's `AsyncModelView`, the `AsyncContentView(source:)` of "Loading states of
  /// SwiftUI views").
  ///
  /// The view observes the loader through Observation; it does not own it, so keep it in
  /// `@State` or in a model. It calls `load()` when it appears and nothing was requested, and
  /// again when it is given another loader or its loader is reset while on screen; the failure
  /// view's Retry calls `retry()`, pull-to-refresh and the other retry buttons `reload()`. A
  /// first load that someone cancels is not restarted: the view loads when it appears next.
  ///
  /// ```swift
  /// @State private var countries = AsyncLoader { try await api.countries() }
  ///
  /// var body: some View {
  ///   AsyncView(countries) { countries in
  ///     List(countries) { Text($0.name) }
  ///   }
  /// }
  /// ```
  ///
  /// A Combine publisher goes through `AsyncLoader(publisher:)`, where Combine exists: keep
  /// `AsyncLoader(publisher: articlePublisher)` in `@State` and give it to this view.
  ///
  /// - Parameters:
  ///   - loader: The loader; the caller owns it.
  ///   - placeholder: A value shown redacted during a first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - idle: Shown before anything was requested; by default invisible.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show; it gets the error and whether a
  ///     retry runs.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init<Loader: LoadableObject>(
    _ loader: Loader,
    placeholder: Value? = nil,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) where Loader.Value == Value {
    self.init(
      source: .loader { ValueSnapshot(loader) }, placeholder: placeholder, isEmpty: isEmpty,
      idle: idle(), loading: loading(), failure: failure, empty: empty(), content: content)
  }

  /// Creates a view over a ``LoadPhase`` you drive with your own async function (Ralf Ebert's
  /// `AsyncResultView`; the `AsyncResourceView` of "AsyncResourceView — simplified resource
  /// loading").
  ///
  /// The view decides nothing about the phase: it shows what the phase's ``Presentation`` says,
  /// and runs `reload` for every trigger — the first load (when the view appears and the phase
  /// is idle), pull-to-refresh and the retry buttons — joined into one run, in a task a
  /// controller owns. So a `reload` that is an ordinary async function is not cancelled by the
  /// branch swap it causes, and SwiftUI cancelling the refresh task ends only the waiting. Drive
  /// the phase with its transitions (``LoadPhase/startLoading()``, ``LoadPhase/succeed(_:)``,
  /// ``LoadPhase/fail(_:)``, ``LoadPhase/cancel()``), which keep what stays on screen.
  ///
  /// ```swift
  /// @State private var phase: LoadPhase<[Country], any Error> = .idle
  ///
  /// var body: some View {
  ///   AsyncView(phase: phase, reload: { await fetchCountries() }) { countries in
  ///     List(countries) { Text($0.name) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The phase to show.
  ///   - placeholder: A value shown redacted during a first load instead of the loading view.
  ///   - isEmpty: Whether a loaded value counts as empty; by default, a collection without
  ///     elements.
  ///   - reload: Loads; the first load, the retry buttons and pull-to-refresh run it.
  ///   - idle: Shown before anything was requested; by default invisible.
  ///   - loading: Shown during a first load with nothing to show.
  ///   - failure: Shown for a failure with nothing to show; it gets the error and whether a
  ///     retry runs.
  ///   - empty: Shown for a loaded value that counts as empty.
  ///   - content: Shows the value.
  public init<Failure: Error>(
    phase: LoadPhase<Value, Failure>,
    placeholder: Value? = nil,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    reload: @escaping @Sendable () async -> Void,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    let snapshot = ValueSnapshot(
      phase: phase.mapError { $0 as any Error }, source: nil, status: SourceStatus(),
      actions: LoadActions(load: reload, reload: reload))
    self.init(
      source: .phase(snapshot), placeholder: placeholder, isEmpty: isEmpty, idle: idle(),
      loading: loading(), failure: failure, empty: empty(), content: content)
  }

  public var body: some View {
    let shown = source.snapshot(in: slot)
    let content = content
    ContentContainer(
      presentation: shown.phase.presentation(
        isWaitingForNetwork: shown.status.isWaitingForNetwork, placeholder: placeholder,
        isEmpty: isEmpty),
      kind: shown.phase.kind, source: shown.source, status: shown.status,
      placeholder: placeholder, actions: shown.actions,
      content: { value in
        content(value).modifier(PlaceholderFlag(isPlaceholder: shown.isPlaceholder))
      },
      idle: idle, loading: loading, failure: { failure($0, $1) }, empty: empty
    )
    .modifier(ComponentSourceEvents(slot: $slot, source: source))
  }
}

/// An ``AsyncView``'s phase and loads, as one render sees them.
struct ValueSnapshot<Value>: SourceSnapshot {
  var phase: LoadPhase<Value, any Error>
  var source: ObjectIdentifier?
  var status: SourceStatus
  var actions: LoadActions
  /// Whether the value shown is a previous key's (the key form); `nil` leaves the environment's
  /// ``SwiftUI/EnvironmentValues/isAsyncPlaceholder`` alone.
  var isPlaceholder: Bool? = nil

  /// An idle view whose loader is not there yet.
  static var notYet: ValueSnapshot {
    ValueSnapshot(phase: .idle, source: nil, status: SourceStatus(), actions: .none)
  }

  /// Before its keyed loader exists, the key form already says "no placeholder", so its content
  /// keeps one structural identity when the loader comes.
  static var keyNotYet: ValueSnapshot { notYet.with(isPlaceholder: false) }

  /// The same snapshot, saying whether the value is a previous key's.
  func with(isPlaceholder: Bool) -> ValueSnapshot {
    var snapshot = self
    snapshot.isPlaceholder = isPlaceholder
    return snapshot
  }
}

extension ValueSnapshot {
  /// What a loadable object shows now, and its loads.
  @MainActor
  init<Loader: LoadableObject>(_ loader: Loader) where Loader.Value == Value {
    self.init(
      phase: loader.phase.mapError { $0 as any Error }, source: ObjectIdentifier(loader),
      status: SourceStatus(loader), actions: LoadActions(loader))
  }

  /// What a view of a store key shows now: the key's phase, with the previous key's value as a
  /// placeholder, and the current key's loads.
  @MainActor
  init<Key: LoaderKey>(keyed: ValueScreen<Key>) where Key.Value == Value {
    self.init(
      phase: keyed.phase, source: keyed.loader.map { ObjectIdentifier($0) },
      status: SourceStatus(keyed.loader), actions: keyed.actions,
      isPlaceholder: keyed.isPlaceholder)
  }
}

extension ValueSnapshot where Value: Equatable {
  /// What a view of a part of a store key's value shows now, read from the key's selection
  /// only (not from its loader's phase): the selected phase, with the previous key's value
  /// mapped the same way as a placeholder, and the current key's loads.
  @MainActor
  init<Key: LoaderKey>(keyed: ValueScreen<Key>, select: KeyPath<Key.Value, Value>) {
    let shown = keyed.selectedPhase(select)
    var status = SourceStatus()
    if let loader = keyed.loader {
      // Neither is observed: a loader's timing and clock do not change with its phase.
      status.progressTiming = loader.progressTiming
      status.clock = loader.clock
    }
    status.loadedAt = shown.loadedDate
    status.lastLoadWasCancelled = shown.lastLoadWasCancelled
    // Read only while the selected part loads, so a loader's other changes render nothing.
    if shown.phase.kind.isLoading, let loader = keyed.loader {
      status.isWaitingForNetwork = loader.isWaitingForNetwork
    }
    self.init(
      phase: shown.phase, source: keyed.loader.map { ObjectIdentifier($0) }, status: status,
      actions: keyed.actions, isPlaceholder: shown.isPlaceholder)
  }
}

/// Tells the content whether it shows a previous key's value, when the view knows.
struct PlaceholderFlag: ViewModifier {
  let isPlaceholder: Bool?

  func body(content: Content) -> some View {
    if let isPlaceholder {
      content.environment(\.isAsyncPlaceholder, isPlaceholder)
    } else {
      content
    }
  }
}

/// The identity of a view given no `id`: always the same, so the view loads once for its whole
/// life. It is the default of the `id:` parameters.
@usableFromInline
package struct SingleIdentity: Hashable, Sendable {
  /// The one identity.
  @usableFromInline
  package init() {}
}
#endif
