import Observation

/// A screen's view of several keys of a ``LoaderStore`` as one phase (TanStack Query's
/// `useQueries` with `combine`): one loading state until every key has a value, one error with
/// one retry that retries only the keys that failed, and the values together when all are
/// there.
///
/// ```swift
/// let screen = KeyedGroupLoader<UserKey, ProjectsKey, InboxKey>(store: store)
/// screen.select(UserKey(id: 7), ProjectsKey(userID: 7), InboxKey(userID: 7))
/// screen.phase          // .loading until the three values are there
/// // … the user and the inbox land, the projects fail:
/// screen.phase          // .failed(the projects' error)
/// await screen.retry()  // one request: the projects' key's, none for the others
/// screen.phase          // .loaded((user, projects, inbox))
/// ```
///
/// Each key is a member, observed as ``KeyedLoader`` observes one key: every member shares the
/// store's entry of its key with every other screen that shows it (one request per key), and
/// the store's loaders own every load.
///
/// The phase, from the members' phases in key order:
/// - **Every member has a value:** `loaded` with the values; `reloadFailed` with the first
///   failed reload's error while a member's reload failed (its value stays); otherwise
///   `reloading` while a member reloads.
/// - **A member has no value:** `loading` while a member without a value loads; once none
///   loads, `failed` with the first error in key order, or `idle` when no member failed (a
///   disabled key, or a first load that was cancelled). While the members without a value only
///   retry after their failure, `retrying` with the first error.
/// - **The calm choice: a failure waits for the other first loads.** A member that fails while
///   another member's first load still runs leaves the group `loading`; the error shows once
///   nothing else loads. The screen goes from its spinner to its error once, not from the
///   spinner to an error while work is still under way, and its one retry then covers every
///   key that failed in that round. (TanStack's `combine` leaves this to the developer.)
/// - **Disabled keys.** A member whose ``StoreKey/isEnabled`` is `false` loads nothing, and a
///   group that waits only for disabled members is `idle`: no spinner, as for one disabled
///   key. While another member's first load runs the group shows `loading`, since a dependent
///   key usually waits for that member's value.
///
/// The loads (``actions``): ``load()`` loads every member that has nothing current (the view's
/// appearance), ``reload()`` reloads every member and returns when all have landed
/// (pull-to-refresh), ``retry()`` retries only the members whose last load failed.
///
/// The lifecycle is ``KeyedLoader``'s, for every member: ``select(_:)`` when the view appears,
/// ``keyChanged(to:)`` when its keys change (only a member whose key changed moves its
/// observation; a hidden screen observes nothing), ``stop()`` when it disappears.
///
/// It is a plain `@MainActor` class, not `@Observable`: the macro's code for a class generic
/// over a parameter pack compiles but traps at run time in Swift 6.3 ("Pack expansion count
/// type should be a pack"). Its state lives in observable objects that are not generic over the
/// pack (its members and its ``GroupIdentity``), so a view that reads ``phase`` is still
/// updated by Observation.
@MainActor
package final class KeyedGroupLoader<each Key: LoaderKey> {
  /// The store the members' loaders come from.
  package let store: LoaderStore
  /// One view of the store per key, in key order.
  private let members: (repeat KeyedLoader<each Key>)
  /// The identity of the group's current keys, for the controller's source.
  private let identity = GroupIdentity()
  /// Whether the screen is on screen: it appeared (``select(_:)``) and did not disappear since
  /// (``stop()``).
  package private(set) var isOnScreen = false

  /// Creates a view of `store` that observes nothing yet.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - keepsPreviousValue: Whether a member whose key changes keeps its previous key's value
  ///     on screen, as a placeholder, until the new key's first value lands.
  package init(store: LoaderStore, keepsPreviousValue: Bool = false) {
    self.store = store
    members = (repeat KeyedLoader<each Key>(store: store, keepsPreviousValue: keepsPreviousValue))
  }

  /// The screen appeared showing `keys` (or code observes them now): observes each. A member
  /// whose key is the one it observes keeps its observation (or observes again after
  /// ``stop()``); a member whose key changed observes its new key, as ``KeyedLoader/select(_:)``
  /// does.
  ///
  /// - Parameter keys: The keys the screen shows, in order.
  package func select(_ keys: repeat each Key) {
    isOnScreen = true
    let members = members
    repeat selectMember(each members, each keys)
    var identities: [AnyHashable] = []
    for key in repeat each keys { identities.append(AnyHashable(key)) }
    identity.select(identities)
  }

  /// The screen's keys changed: on screen, observes them as ``select(_:)`` does (only a member
  /// whose key changed moves its observation); hidden, observes nothing and requests nothing.
  ///
  /// - Parameter keys: The keys the screen shows now, in order.
  package func keyChanged(to keys: repeat each Key) {
    guard isOnScreen else { return }
    select(repeat each keys)
  }

  /// Ends the observation of every member, when the view disappears: the loaders and their
  /// values stay, and running loads go on.
  package func stop() {
    isOnScreen = false
    for member in repeat each members { member.stop() }
  }

  /// Hands the screen over to `next`, its view of another store: ends these observations, and
  /// leaves `next` on screen when this one was.
  ///
  /// - Parameter next: The view of the new store.
  package func handOver(to next: KeyedGroupLoader) {
    guard next !== self else { return }
    let members = members
    let nextMembers = next.members
    repeat handOverMember(each members, to: each nextMembers)
    next.isOnScreen = isOnScreen
    isOnScreen = false
  }

  /// The values' tuple is `Sendable`, as every key's value is: this compiles only while it is.
  private static var sendableValues: any Sendable.Type { (repeat (each Key).Value).self }

  /// The phase to show: the members' phases as one; see the type's rules.
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

  /// Whether a member's load waits for the network (its store knows the network to be down):
  /// while the group's phase loads, the screen says it waits. Observed with the members'
  /// phases.
  package var isWaitingForNetwork: Bool {
    loaders.contains { $0.isWaitingForNetwork }
  }

  /// Whether a value on screen is a previous key's, kept while a member's new key has none.
  package var isPlaceholder: Bool {
    var isPlaceholder = false
    for member in repeat each members { isPlaceholder = isPlaceholder || member.isPlaceholder }
    return isPlaceholder
  }

  /// The identity of the keys shown, for the controller: it changes when a key changes, as a
  /// ``KeyedLoader``'s loader does. `nil` before the first ``select(_:)``.
  package var source: ObjectIdentifier? { identity.current }

  /// The members' loaders, in key order: the ones selected so far.
  package var loaders: [any AnyLoader] {
    var loaders: [any AnyLoader] = []
    for member in repeat each members {
      if let loader = member.loader { loaders.append(loader) }
    }
    return loaders
  }

  /// The loads the view's triggers run: ``load()`` when it appears, ``reload()`` for
  /// pull-to-refresh and the empty state's Reload, ``retry()`` for the failure view's and the
  /// banner's Retry. A disabled member loads nothing.
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

  /// Retries only the members whose last load failed (a failed first load or a failed reload;
  /// a retry that runs is joined): one request per failed key, none for the others.
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

/// Selects `key` in `member`: a pack expansion calls a function, not a method of each element.
@MainActor
private func selectMember<Key: LoaderKey>(_ member: KeyedLoader<Key>, _ key: Key) {
  member.select(key)
}

/// Hands `member`'s screen over to `next`.
@MainActor
private func handOverMember<Key: LoaderKey>(
  _ member: KeyedLoader<Key>, to next: KeyedLoader<Key>
) {
  member.handOver(to: next)
}

/// The value `member` shows; throws while it has none, which ends building the values.
@MainActor
private func memberValue<Key: LoaderKey>(_ member: KeyedLoader<Key>) throws -> Key.Value {
  guard let value = member.value else { throw MissingValue() }
  return value
}

/// A member without a value.
private struct MissingValue: Error {}

/// A member of a ``KeyedGroupLoader`` as the group's rules see it: its phase without its value.
package struct GroupMemberState {
  /// The kind of the member's phase.
  package var kind: PhaseKind
  /// Whether the member shows a value.
  package var hasValue: Bool
  /// The member's error, if its phase has one.
  package var error: (any Error)?

  package init<Value>(_ phase: LoadPhase<Value, any Error>) {
    kind = phase.kind
    hasValue = phase.value != nil
    error = phase.error
  }

  /// The group's phase, from its members' states in key order and their values (`nil` while
  /// one has none); see ``KeyedGroupLoader`` for the rules.
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

/// The identity of a ``KeyedGroupLoader``'s keys: one object per combination of keys the
/// group has shown, so that the controller sees a new source when a key changes and the same
/// source when the keys come back (as a ``KeyedLoader`` finds the store's cached loader). It
/// holds one small object per combination, for the group's life.
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
