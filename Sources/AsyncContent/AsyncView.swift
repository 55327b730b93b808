#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// Loads a value with an async operation and shows it: the one-liner of Ralf Ebert's "AsyncView
/// – Asynchrone Ladevorgänge in SwiftUI".
///
/// The view keeps one ``AsyncLoader`` per identity, as `task(id:)` keeps one task: give it the
/// `id` of what it shows, and a new `id` means a new loader and a new load (the previous one is
/// cancelled). A parent's re-render that keeps the `id` allocates no loader and loads nothing.
/// The view's container calls `load()` when it appears (appearing again does not fetch again);
/// pull-to-refresh and the retry buttons call `reload()`, which awaits the real load, so the
/// refresh control spins exactly as long as it runs. A reload keeps the content; a cancelled
/// load is never shown as an error.
///
/// ```swift
/// AsyncView(id: country.id) { try await api.detail(id: country.id) } content: { detail in
///   CountryDetailView(detail: detail)
/// }
/// ```
///
/// With `keepsPreviousValue`, a new `id` keeps the previous value on screen while the new one
/// loads (search results stay while the next query runs); if that load fails, the previous
/// value stays under the banner.
///
/// Given a ``LoaderKey`` instead of an operation, the view shows the key's value from the
/// ``LoaderStore`` in the environment: every view of the key shares the store's loader, and a
/// view that comes back shows the cached value at once.
///
/// ```swift
/// AsyncView(CountryKey(id: country.id)) { country in
///   Text(country.name)
/// }
/// ```
public struct AsyncView<
  Value: Sendable, Content: View, Idle: View, Loading: View, FailureContent: View, Empty: View
>: View {
  /// Empty until the view appears, so the initializer allocates nothing.
  @State private var slot = LoaderSlot<AnyHashable, AsyncLoader<Value>>()
  private let source: AsyncViewSource<Value>
  private let placeholder: Value?
  private let isEmpty: (Value) -> Bool
  private let content: (Value) -> Content
  private let idle: Idle
  private let loading: Loading
  private let failure: (any Error, Bool) -> FailureContent
  private let empty: Empty

  private init(
    source: AsyncViewSource<Value>, placeholder: Value?, isEmpty: @escaping (Value) -> Bool,
    idle: Idle, loading: Loading, failure: @escaping (any Error, Bool) -> FailureContent,
    empty: Empty, content: @escaping (Value) -> Content
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
  ///   - failure: Shown when the load failed with nothing to show.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the value.
  public init<ID: Hashable>(
    id: ID = SingleIdentity(),
    keepsPreviousValue: Bool = false,
    placeholder: Value? = nil,
    retry: RetryPolicy = .none,
    isEmpty: @escaping (Value) -> Bool = Presentation<Value, any Error>.isEmptyByDefault,
    operation: @escaping @Sendable () async throws -> Value,
    @ViewBuilder idle: () -> Idle = { DefaultIdleView() },
    @ViewBuilder loading: () -> Loading = { DefaultLoadingView() },
    @ViewBuilder failure: @escaping (any Error, Bool) -> FailureContent = {
      DefaultFailureView(error: $0, isRetrying: $1)
    },
    @ViewBuilder empty: () -> Empty = { DefaultEmptyView() },
    @ViewBuilder content: @escaping (Value) -> Content
  ) {
    self.init(
      source: .operation(
        id: AnyHashable(id), keepsPreviousValue: keepsPreviousValue, retry: retry,
        operation: operation),
      placeholder: placeholder, isEmpty: isEmpty, idle: idle(), loading: loading(),
      failure: failure, empty: empty(), content: content)
  }

  /// Creates a view that shows the value of `key` from the store in the environment
  /// (``LoaderStore/shared`` unless ``SwiftUI/View/loaderStore(_:)`` sets another).
  ///
  /// The store owns the loader, so every view of the key shares one request and one phase, a
  /// view that SwiftUI makes again finds the same loader, and a view that comes back shows the
  /// cached value at once (revalidating it when it is stale). The view observes its key while
  /// it is on screen: appearing and a new key call ``KeyedLoader/select(_:)``, disappearing
  /// calls ``KeyedLoader/stop()``, which leaves a running load to finish. Pull-to-refresh, the
  /// banner and the retry buttons work as they do over any loader; failed fetches are retried
  /// as the store's ``LoaderStore/retryPolicy`` says.
  ///
  /// ```swift
  /// AsyncView(CountryKey(id: country.id)) { country in
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
  ///   - failure: Shown when the load failed with nothing to show.
  ///   - empty: Shown for a value that counts as empty.
  ///   - content: Shows the value.
  public init<Key: LoaderKey>(
    _ key: Key,
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
    let source = AsyncViewSource<Value>.key(
      KeySelection(
        key: AnyHashable(key),
        make: { KeyedLoader<Key>(store: $0, keepsPreviousValue: keepsPreviousValue) },
        select: { ($0 as? KeyedLoader<Key>)?.select(key) },
        stop: { ($0 as? KeyedLoader<Key>)?.stop() },
        read: { object in
          (object as? KeyedLoader<Key>).map {
            KeyedValue(phase: $0.phase, loader: $0.loader, isPlaceholder: $0.isPlaceholder)
          }
        }))
    self.init(
      source: source, placeholder: placeholder, isEmpty: isEmpty, idle: idle(),
      loading: loading(), failure: failure, empty: empty(), content: content)
  }

  public var body: some View {
    switch source {
    case .operation(let id, let keepsPreviousValue, let retry, let operation):
      SourceContent(
        source: slot.loader, placeholder: placeholder, isEmpty: isEmpty, content: content,
        idle: idle, loading: loading, failure: failure, empty: empty
      )
      .onChange(of: id, initial: true) {
        slot.select(
          id, keepingPreviousValue: keepsPreviousValue, retry: retry, operation: operation)
      }
    case .key(let selection):
      KeyedContent(
        selection: selection, placeholder: placeholder, isEmpty: isEmpty, content: content,
        idle: idle, loading: loading, failure: failure, empty: empty)
    }
  }
}

/// Where an ``AsyncView``'s value comes from.
enum AsyncViewSource<Value: Sendable> {
  /// A loader the view makes for an identity and keeps in its slot: `AsyncView(id:operation:)`.
  case operation(
    id: AnyHashable, keepsPreviousValue: Bool, retry: RetryPolicy,
    operation: @Sendable () async throws -> Value)
  /// The store's loader of a key: `AsyncView(key)`.
  case key(KeySelection<KeyedValue<Value>>)
}

/// What an `AsyncView(key)` renders of its ``KeyedLoader``.
struct KeyedValue<Value: Sendable> {
  /// The phase to show, with the previous key's value as a placeholder.
  var phase: LoadPhase<Value, any Error>
  /// The current key's loader, whose loads the view's triggers run.
  var loader: AsyncLoader<Value>?
  /// Whether the value shown is the previous key's.
  var isPlaceholder: Bool
}

/// The content of an `AsyncView(key)`: the store's view of the key (a ``KeyedLoader``), made
/// when the view first appears and kept in its state, rendered through the container every
/// component uses.
struct KeyedContent<
  Value: Sendable, Content: View, Idle: View, Loading: View, FailureContent: View, Empty: View
>: View {
  /// Empty until the view appears, so a render allocates nothing.
  @State private var slot = LoaderSlot<AnyHashable, AnyObject>()
  let selection: KeySelection<KeyedValue<Value>>
  let placeholder: Value?
  let isEmpty: (Value) -> Bool
  let content: (Value) -> Content
  let idle: Idle
  let loading: Loading
  let failure: (any Error, Bool) -> FailureContent
  let empty: Empty

  var body: some View {
    let shown = slot.loader.flatMap(selection.read)
    let isPlaceholder = shown?.isPlaceholder ?? false
    let content = content
    SourceContent(
      source: shown?.loader, shownPhase: shown?.phase, placeholder: placeholder,
      isEmpty: isEmpty,
      content: { value in content(value).environment(\.isAsyncPlaceholder, isPlaceholder) },
      idle: idle, loading: loading, failure: failure, empty: empty
    )
    .modifier(KeySelectionEvents(slot: $slot, selection: selection))
  }
}

/// The identity of a view given no `id`: always the same, so the view loads once for its whole
/// life. It is the default of the `id:` parameters.
public struct SingleIdentity: Hashable, Sendable {
  /// The one identity.
  public init() {}
}
#endif
