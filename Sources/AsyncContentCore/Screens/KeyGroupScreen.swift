import Observation

/// A screen's view of several value keys as one phase (`AsyncView(keys:)`): one loading state
/// until every key has a value, one error whose retry retries only the keys that failed. Not
/// `@Observable` (the macro traps on a parameter pack); its members and identity are observed.
@MainActor
package final class KeyGroupScreen<each Key: LoaderKey> {
  /// The store the members' loaders come from.
  package let store: LoaderStore
  /// One view of the store per key, in key order.
  private let members: (repeat ValueScreen<each Key>)
  /// The identity of the group's current keys, for the controller's source.
  private let identity = GroupIdentity()
  /// Whether the screen appeared (``select(_:)``) and did not disappear since (``stop()``).
  package private(set) var isOnScreen = false

  /// Creates a view of `store` that observes nothing yet.
  package init(store: LoaderStore, keepsPreviousValue: Bool = false) {
    self.store = store
    members = (repeat ValueScreen<each Key>(store: store, keepsPreviousValue: keepsPreviousValue))
  }

  /// The screen appeared showing `keys`: each member observes its key, as
  /// ``KeyedScreen/select(_:)`` does (only a member whose key changed moves its observation).
  package func select(_ keys: repeat each Key) {
    isOnScreen = true
    for (member, key) in repeat (each members, each keys) { member.select(key) }
    var identities: [AnyHashable] = []
    for key in repeat each keys { identities.append(AnyHashable(key)) }
    identity.select(identities)
  }

  /// The screen's keys changed: observes them as ``select(_:)`` does while on screen; a hidden
  /// screen observes nothing.
  package func keyChanged(to keys: repeat each Key) {
    guard isOnScreen else { return }
    select(repeat each keys)
  }

  /// The screen disappeared: ends every member's observation; loaders and loads stay.
  package func stop() {
    isOnScreen = false
    for member in repeat each members { member.stop() }
  }

  /// Hands the screen over to `next`, its view of another store, as a ``KeyedScreen`` does.
  package func handOver(to next: KeyGroupScreen) {
    guard next !== self else { return }
    for (member, moved) in repeat (each members, each next.members) { member.handOver(to: moved) }
    next.isOnScreen = isOnScreen
    isOnScreen = false
  }

  /// The values' tuple is `Sendable`, as every key's value is: this compiles only while it is.
  private static var sendableValues: any Sendable.Type { (repeat (each Key).Value).self }

  /// The phase to show: the members' phases as one (``GroupMemberState/phase(of:values:)``).
  package var phase: LoadPhase<(repeat (each Key).Value), any Error> {
    var states: [GroupMemberState] = []
    for member in repeat each members { states.append(GroupMemberState(member.phase)) }
    return GroupMemberState.phase(of: states, values: values)
  }

  /// The values of every member, in key order; `nil` while one has none.
  package var values: (repeat (each Key).Value)? {
    let members = members
    return try? (repeat memberValue(each members))
  }

  /// Whether a member's load waits for the network: while the group loads, the screen says so.
  package var isWaitingForNetwork: Bool { loaders.contains { $0.isWaitingForNetwork } }

  /// Whether a value on screen is a previous key's, kept while a member's new key has none.
  package var isPlaceholder: Bool {
    for member in repeat each members { if member.isPlaceholder { return true } }
    return false
  }

  /// The identity of the keys shown, for the controller: it changes when a key changes, as a
  /// ``KeyedScreen``'s loader does; `nil` before the first ``select(_:)``.
  package var source: ObjectIdentifier? { identity.current }

  /// The members' loaders, in key order: the ones selected so far.
  package var loaders: [any AnyLoader] {
    var loaders: [any AnyLoader] = []
    for member in repeat each members {
      if let loader = member.loader { loaders.append(loader) }
    }
    return loaders
  }

  /// The loads the view's triggers run: ``load()`` on appearance, ``reload()`` to refresh,
  /// ``retry()`` for the Retry buttons. A disabled member loads nothing.
  package var actions: LoadActions {
    LoadActions(
      load: { [self] in await load() }, reload: { [self] in await reload() },
      retry: { [self] in await retry() }, dismissError: { [self] in dismissError() })
  }

  /// Loads every member that has nothing current (joining loads that run), and returns when
  /// they have landed.
  package func load() async {
    await Self.runTogether(memberActions { _ in true }.map(\.load))
  }

  /// Reloads every member, and returns when every reload has landed: pull-to-refresh.
  package func reload() async {
    await Self.runTogether(memberActions { _ in true }.map(\.reload))
  }

  /// Retries only the members whose last load failed (a retry that runs is joined): one request
  /// per failed key, none for the others.
  package func retry() async {
    await Self.runTogether(memberActions { $0.error != nil }.map(\.retry))
  }

  /// Dismisses the errors of failed reloads: each such member returns to its value.
  package func dismissError() {
    for member in repeat each members { member.actions.dismissError() }
  }

  /// The actions of the members whose state passes `include`.
  private func memberActions(_ include: (GroupMemberState) -> Bool) -> [LoadActions] {
    var actions: [LoadActions] = []
    for member in repeat each members {
      if include(GroupMemberState(member.phase)) { actions.append(member.actions) }
    }
    return actions
  }

  /// Runs `loads` at once, and returns when all have returned.
  private static func runTogether(_ loads: [@Sendable () async -> Void]) async {
    guard loads.count > 1 else {
      for load in loads { await load() }
      return
    }
    await withTaskGroup(of: Void.self) { group in
      for load in loads { group.addTask { await load() } }
    }
  }
}

/// The value `member` shows; throws while it has none, which ends building the values.
@MainActor
private func memberValue<Key: LoaderKey>(_ member: ValueScreen<Key>) throws -> Key.Value {
  guard let value = member.value else { throw MissingValue() }
  return value
}

/// A member without a value.
private struct MissingValue: Error {}

/// A member of a ``KeyGroupScreen`` as the group's rules see it: its phase without its value.
package struct GroupMemberState {
  package var kind: PhaseKind
  package var hasValue: Bool
  /// The member's error, if its phase has one.
  package var error: (any Error)?

  package init<Value>(_ phase: LoadPhase<Value, any Error>) {
    kind = phase.kind
    hasValue = phase.value != nil
    error = phase.error
  }

  /// The group's phase, from its members' states in key order and their values (`nil` while
  /// one has none). A failure waits for the other first loads; a group that waits only for
  /// disabled members is idle.
  package static func phase<Values>(
    of members: [GroupMemberState], values: Values?
  ) -> LoadPhase<Values, any Error> {
    if let values {
      if let error = members.first(where: { $0.kind == .reloadFailed })?.error {
        return .reloadFailed(values, error)
      }
      return members.contains { $0.kind == .reloading } ? .reloading(values) : .loaded(values)
    }
    let missing = members.filter { !$0.hasValue }
    let firstError = missing.lazy.compactMap(\.error).first
    let running = missing.filter { $0.kind == .loading || $0.kind == .retrying }
    if !running.isEmpty {
      // Only retries of failures run: the failure stays on screen with its retry's spinner.
      if running.allSatisfy({ $0.kind == .retrying }), let firstError {
        return .retrying(firstError)
      }
      return .loading
    }
    if let error = missing.first(where: { $0.kind == .failed })?.error { return .failed(error) }
    return .idle
  }
}

/// The identity of a ``KeyGroupScreen``'s keys: one object per combination of keys it has shown,
/// kept for its life, so the controller sees the same source when the keys come back.
@MainActor
@Observable
final class GroupIdentity {
  /// The identity of the current keys; `nil` before the first ``select(_:)``.
  private(set) var current: ObjectIdentifier?
  @ObservationIgnored private var tokens: [[AnyHashable]: Token] = [:]

  private final class Token {}

  /// The keys are now `keys`.
  func select(_ keys: [AnyHashable]) {
    let token = tokens[keys] ?? Token()
    tokens[keys] = token
    let identifier = ObjectIdentifier(token)
    if current != identifier { current = identifier }
  }
}
