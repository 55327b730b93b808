import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Testing

// Several keys as one phase (TanStack Query's `useQueries` with `combine`), through
// `KeyGroupScreen`, wired as `AsyncView(keys:)` wires it: the lifecycle model forwards appear,
// disappear, key changes and pull-to-refresh to the group and to a `ContentController` with the
// group's actions, and the failure view's Retry goes through the controller.

/// A key that may not load until `userID` is known (a dependent key).
private struct TeamKey: LoaderKey {
  var userID: Int?
  let gate: Gate<String>

  var isEnabled: Bool { userID != nil }

  func fetch(using _: Void) async throws -> String {
    try await gate.call()
  }

  static func == (lhs: TeamKey, rhs: TeamKey) -> Bool { lhs.userID == rhs.userID }
  func hash(into hasher: inout Hasher) { hasher.combine(userID) }
}

/// Three keys and their gates: the numbers 1, 2 and 3.
@MainActor
private struct Three {
  let gates = [Gate<Int>(), Gate<Int>(), Gate<Int>()]
  var keys: (NumberKey, NumberKey, NumberKey) {
    (NumberKey(1, gate: gates[0]), NumberKey(2, gate: gates[1]), NumberKey(3, gate: gates[2]))
  }
  /// The requests sent per key.
  var calls: [Int] { gates.map(\.calls) }
  /// Ends the calls that should not have been sent to the keys at `indices`, so that a test
  /// whose expectation failed ends instead of waiting for them.
  func endStrayCalls(at indices: [Int]) {
    for index in indices {
      while gates[index].pending > 0 { gates[index].succeed(index + 1) }
    }
  }
  /// Lands every waiting call with its key's number times `factor`.
  func landAll(times factor: Int = 1) {
    for (index, gate) in gates.enumerated() { gate.succeed((index + 1) * factor) }
  }
}

private typealias Group = KeyGroupScreen<NumberKey, NumberKey, NumberKey>

/// A screen of three keys as `AsyncView(keys:)` drives it: the container forwards its lifecycle
/// to a controller with the group's actions, the key's modifier selects, moves and stops the
/// group's observations.
@MainActor
private final class GroupScreen {
  let store: LoaderStore
  let group: Group
  let controller = ContentController()
  let lifecycle = ViewLifecycle()
  var keys: (NumberKey, NumberKey, NumberKey)

  init(store: LoaderStore, keys: (NumberKey, NumberKey, NumberKey)) {
    self.store = store
    self.keys = keys
    group = Group(store: store)
  }

  /// The state the container forwards, as `ContentContainer` computes it.
  func state() -> ContentState {
    let phase = group.phase
    return ContentState(
      source: group.source, kind: phase.kind, hasBanner: phase.presentation().banner != nil)
  }

  func appear() {
    lifecycle.appear(
      "screen",
      ViewHooks()
        .onAppear {
          self.group.select(self.keys.0, self.keys.1, self.keys.2)
          self.controller.appeared(self.state(), actions: self.group.actions)
        }
        .onChange(of: { [self.keys.0.id, self.keys.1.id, self.keys.2.id] }) { _, _ in
          self.group.keyChanged(to: self.keys.0, self.keys.1, self.keys.2)
        }
        .onChange(of: { self.state() }) { _, new in
          self.controller.changed(to: new, actions: self.group.actions)
        }
        .onDisappear {
          self.controller.disappeared()
          self.group.stop()
        }
        .refreshable { await self.controller.refresh(self.group.actions) })
  }

  /// Lets the tasks run, then renders the screen.
  func render() async {
    await drainMainActor()
    lifecycle.render()
  }
}

/// Whether `value` is `(a, b, c)`.
private func equals(_ value: (Int, Int, Int)?, _ expected: (Int, Int, Int)) -> Bool {
  guard let value else { return false }
  return value == expected
}

/// Whether `phase` is of `kind` with the values `values` (or none).
private func isKind(
  _ phase: LoadPhase<(Int, Int, Int), any Error>, _ kind: PhaseKind, _ values: (Int, Int, Int)?
) -> Bool {
  guard phase.kind == kind else { return false }
  guard let values else { return phase.value == nil }
  return equals(phase.value, values)
}

/// Checks at compile time that the values' tuple of any keys is `Sendable`, as a loader's
/// `LoadPhase` needs.
private func requireSendableValues<each Key: LoaderKey>(_: repeat (each Key).Type) {
  func requireSendable<T: Sendable>(_: T.Type) {}
  requireSendable((repeat (each Key).Value).self)
}

@MainActor
@Suite("Several keys as one phase", .serialized, .timeLimit(.minutes(1)))
struct KeyedGroupLoaderTests {
  @Test("One loading state until every key lands, then the values together")
  func oneLoadingStateUntilEveryKeyLands() async {
    await withMainSerialExecutor {
      requireSendableValues(NumberKey.self, NameKey.self, TeamKey.self)
      let three = Three()
      let store = LoaderStore(clock: TestClock())
      let group = Group(store: store)
      let recorder = PhaseRecorder { group.phase.kind }
      group.select(three.keys.0, three.keys.1, three.keys.2)
      #expect(group.phase.kind == .loading)
      await yield { three.gates.allSatisfy { $0.pending == 1 } }

      three.gates[2].succeed(3)
      three.gates[0].succeed(1)
      await drain()
      #expect(isKind(group.phase, .loading, nil))  // two of three: still one loading state
      three.gates[1].succeed(2)
      await yield { group.phase.kind == .loaded }
      #expect(isKind(group.phase, .loaded, (1, 2, 3)))
      await drain()
      // Every notification showed idle, loading or the values: nothing in between.
      let shown = recorder.values.reduce(into: [PhaseKind]()) { if $0.last != $1 { $0.append($1) } }
      #expect(shown == [.idle, .loading, .loaded])
      #expect(three.calls == [1, 1, 1])
      group.stop()
    }
  }

  @Test("Keys whose values are cached show the content at once")
  func cachedValuesShowAtOnce() async {
    await withMainSerialExecutor {
      let three = Three()
      let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
      store.setValue(1, for: three.keys.0)
      store.setValue(2, for: three.keys.1)
      store.setValue(3, for: three.keys.2)
      let group = Group(store: store)
      group.select(three.keys.0, three.keys.1, three.keys.2)
      #expect(isKind(group.phase, .loaded, (1, 2, 3)))
      await drain()
      #expect(three.calls == [0, 0, 0])  // fresh: nothing to revalidate
      group.stop()
    }
  }

  @Test("A failure while other first loads run keeps one loading state, then one error")
  func aFailureWaitsForTheOtherFirstLoads() async {
    await withMainSerialExecutor {
      let three = Three()
      let group = Group(store: LoaderStore(clock: TestClock()))
      group.select(three.keys.0, three.keys.1, three.keys.2)
      await yield { three.gates.allSatisfy { $0.pending == 1 } }

      three.gates[1].fail(TestError(2))
      await drain()
      #expect(isKind(group.phase, .loading, nil))  // the calm choice: no error while others load
      three.gates[0].succeed(1)
      await drain()
      #expect(isKind(group.phase, .loading, nil))
      three.gates[2].fail(TestError(3))
      await yield { group.phase.kind == .failed }
      #expect(group.phase.error as? TestError == TestError(2))  // the first in key order
      group.stop()
    }
  }

  @Test("The failure view's Retry requests only the keys that failed, once each")
  func retryRequestsOnlyTheFailedKeys() async {
    await withMainSerialExecutor {
      let three = Three()
      let screen = GroupScreen(store: LoaderStore(clock: TestClock()), keys: three.keys)
      screen.appear()
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      three.gates[0].succeed(1)
      three.gates[1].fail(TestError(2))
      three.gates[2].fail(TestError(3))
      await screen.render()
      #expect(screen.group.phase.error as? TestError == TestError(2))

      let retry = Task { await screen.controller.retry(screen.group.actions) }
      await yield { three.gates[1].pending == 1 && three.gates[2].pending == 1 }
      await screen.render()
      #expect(three.calls == [1, 2, 2])  // one request per failed key, none for key 1
      #expect(screen.group.phase.kind == .retrying)  // the error stays, with its spinner
      let tapAgain = Task { await screen.controller.retry(screen.group.actions) }
      await drain()
      #expect(three.calls == [1, 2, 2])  // a second tap joins the retry that runs
      three.gates[1].succeed(2)
      await drain()
      #expect(screen.group.phase.kind == .retrying)
      three.gates[2].succeed(3)
      three.endStrayCalls(at: [0])
      await retry.value
      await tapAgain.value
      #expect(isKind(screen.group.phase, .loaded, (1, 2, 3)))
      #expect(three.calls == [1, 2, 2])
      await screen.lifecycle.settle()
    }
  }

  @Test("A failed reload keeps the values under one error; retry and dismiss act on it only")
  func aFailedReloadKeepsTheValues() async {
    await withMainSerialExecutor {
      let three = Three()
      let screen = GroupScreen(store: LoaderStore(clock: TestClock()), keys: three.keys)
      screen.appear()
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      three.landAll()
      await screen.render()

      let pull = screen.lifecycle.pullToRefresh("screen")
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      #expect(isKind(screen.group.phase, .reloading, (1, 2, 3)))
      three.gates[0].succeed(10)
      three.gates[1].fail(TestError(2))
      three.gates[2].succeed(30)
      await pull?.value
      await screen.render()
      #expect(isKind(screen.group.phase, .reloadFailed, (10, 2, 30)))
      #expect(screen.group.phase.error as? TestError == TestError(2))
      #expect(screen.state().hasBanner)

      let retry = Task { await screen.group.retry() }
      await yield { three.gates[1].pending == 1 }
      #expect(three.calls == [2, 3, 2])  // only the failed key again
      three.gates[1].fail(TestError(22))
      three.endStrayCalls(at: [0, 2])
      await retry.value
      #expect(screen.group.phase.error as? TestError == TestError(22))
      screen.group.actions.dismissError()
      #expect(isKind(screen.group.phase, .loaded, (10, 2, 30)))
      await screen.lifecycle.settle()
    }
  }

  @Test("Pull-to-refresh reloads every key and returns when all have landed")
  func reloadAwaitsEveryKey() async {
    await withMainSerialExecutor {
      let three = Three()
      let group = Group(store: LoaderStore(clock: TestClock()))
      group.select(three.keys.0, three.keys.1, three.keys.2)
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      three.landAll()
      await yield { group.phase.kind == .loaded }

      let done = LockIsolated(false)
      let reload = Task {
        await group.actions.reload()
        done.setValue(true)
      }
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      #expect(three.calls == [2, 2, 2])
      three.gates[0].succeed(10)
      three.gates[2].succeed(30)
      await drain()
      #expect(!done.value)  // key 2 still reloads
      #expect(isKind(group.phase, .reloading, (10, 2, 30)))
      three.gates[1].succeed(20)
      await reload.value
      #expect(done.value)
      #expect(isKind(group.phase, .loaded, (10, 20, 30)))
      group.stop()
    }
  }

  @Test("A group and single-key screens share the store's entries: one request per key")
  func sharedEntriesWithSingleKeyScreens() async {
    await withMainSerialExecutor {
      let three = Three()
      let store = LoaderStore(clock: TestClock())
      let single = ValueScreen<NumberKey>(store: store)
      single.select(three.keys.1)  // another screen shows key 2
      let group = Group(store: store)
      group.select(three.keys.0, three.keys.1, three.keys.2)
      let other = Group(store: store)
      other.select(three.keys.0, three.keys.1, three.keys.2)  // and another group all three
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      await drain()
      #expect(three.calls == [1, 1, 1])
      #expect(store.observerCount(for: three.keys.1) == 3)
      #expect(group.loaders[1] === single.loader)
      three.landAll()
      await yield { group.phase.kind == .loaded && other.phase.kind == .loaded }
      #expect(single.value == 2)
      #expect(equals(other.values, (1, 2, 3)))

      group.stop()
      other.stop()
      #expect(store.observerCount(for: three.keys.1) == 1)
      #expect(store.observerCount(for: three.keys.0) == 0)
      single.stop()
    }
  }

  @Test("A member's key change moves only that member's observation")
  func aMemberKeyChangeMovesOnlyThatMember() async {
    await withMainSerialExecutor {
      let three = Three()
      let fourth = Gate<Int>()
      // Every value is stale at once: a member that observed its key again would revalidate it.
      let store = LoaderStore(clock: TestClock(), staleness: .after(.zero))
      let screen = GroupScreen(store: store, keys: three.keys)
      screen.appear()
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      three.landAll()
      await screen.render()
      let source = screen.group.source
      let loaders = screen.group.loaders

      screen.keys.1 = NumberKey(4, gate: fourth)
      await screen.render()  // onChange forwards the new keys
      #expect(screen.store.observerCount(for: three.keys.1) == 0)
      #expect(screen.store.observerCount(for: screen.keys.1) == 1)
      #expect(screen.store.observerCount(for: three.keys.0) == 1)
      #expect(screen.group.loaders[0] === loaders[0])  // the other members keep theirs
      #expect(screen.group.loaders[2] === loaders[2])
      #expect(screen.group.source != source)  // a new source for the controller
      #expect(isKind(screen.group.phase, .loading, nil))
      await yield { fourth.pending == 1 }
      await drain()
      #expect(three.calls == [1, 1, 1])  // the others request nothing
      fourth.succeed(4)
      await screen.render()
      #expect(isKind(screen.group.phase, .loaded, (1, 4, 3)))
      #expect(fourth.calls == 1)
      await screen.lifecycle.settle()
    }
  }

  @Test("With keepsPreviousValue, a member's new key keeps its previous value as a placeholder")
  func keepingThePreviousValueOfAMember() async {
    await withMainSerialExecutor {
      let three = Three()
      let fourth = Gate<Int>()
      let group = Group(store: LoaderStore(clock: TestClock()), keepsPreviousValue: true)
      group.select(three.keys.0, three.keys.1, three.keys.2)
      await yield { three.gates.allSatisfy { $0.pending == 1 } }
      three.landAll()
      await yield { group.phase.kind == .loaded }
      #expect(!group.isPlaceholder)

      group.keyChanged(to: three.keys.0, NumberKey(4, gate: fourth), three.keys.2)
      #expect(isKind(group.phase, .reloading, (1, 2, 3)))
      #expect(group.isPlaceholder)
      await yield { fourth.pending == 1 }
      fourth.succeed(4)
      await yield { group.phase.kind == .loaded }
      #expect(isKind(group.phase, .loaded, (1, 4, 3)))
      #expect(!group.isPlaceholder)
      group.stop()
    }
  }

  @Test("Appear observes, disappear stops, a covered screen observes nothing until it is back")
  func lifecycle() async {
    await withMainSerialExecutor {
      let three = Three()
      let fourth = Gate<Int>()
      let screen = GroupScreen(
        store: LoaderStore(clock: TestClock(), staleness: .after(.seconds(60))),
        keys: three.keys)
      let store = screen.store
      screen.appear()
      #expect(screen.group.isOnScreen)
      #expect(
        [three.keys.0, three.keys.1, three.keys.2].map { store.observerCount(for: $0) } == [
          1, 1, 1,
        ])
      await yield { three.gates.allSatisfy { $0.pending == 1 } }

      screen.lifecycle.cover("screen")  // a screen is pushed over it
      #expect(
        [three.keys.0, three.keys.1, three.keys.2].map { store.observerCount(for: $0) } == [
          0, 0, 0,
        ])
      await drain()
      #expect(three.gates.map(\.cancelledCalls) == [0, 0, 0])  // going away cancels nothing
      three.landAll()
      screen.keys.1 = NumberKey(4, gate: fourth)
      await screen.render()  // the hidden screen sees its key change
      #expect(store.observerCount(for: screen.keys.1) == 0)
      await drain()
      #expect(fourth.calls == 0)  // hidden: no observation, no request

      screen.appear()  // popped back: observes the keys it shows now, once
      await screen.render()
      #expect(
        [three.keys.0, screen.keys.1, three.keys.2].map { store.observerCount(for: $0) } == [
          1, 1, 1,
        ])
      #expect(store.observerCount(for: three.keys.1) == 0)
      await yield { fourth.pending == 1 }
      #expect(three.calls == [1, 1, 1])  // fresh values: nothing again
      fourth.succeed(4)
      await screen.render()
      #expect(isKind(screen.group.phase, .loaded, (1, 4, 3)))
      #expect(fourth.calls == 1)

      screen.lifecycle.disappear("screen")
      #expect(!screen.group.isOnScreen)
      #expect(
        [three.keys.0, screen.keys.1, three.keys.2].map { store.observerCount(for: $0) } == [
          0, 0, 0,
        ])
      await screen.lifecycle.settle()
    }
  }

  @Test("A disabled member keeps the group idle and requests nothing until it is enabled")
  func aDisabledMemberKeepsTheGroupIdle() async {
    await withMainSerialExecutor {
      let users = Gate<Int>()
      let teams = Gate<String>()
      let store = LoaderStore(clock: TestClock())
      let group = KeyGroupScreen<NumberKey, TeamKey>(store: store)
      let controller = ContentController()
      let user = NumberKey(1, gate: users)
      group.select(user, TeamKey(userID: nil, gate: teams))
      controller.appeared(
        ContentState(source: group.source, kind: group.phase.kind, hasBanner: false),
        actions: group.actions)
      await yield { users.pending == 1 }
      #expect(group.phase.kind == .loading)  // the user loads; the team waits for it

      users.succeed(7)
      await drain()
      #expect(group.phase.kind == .idle)  // only the disabled key is missing: no spinner
      await controller.retry(group.actions)  // nothing failed: nothing to retry
      let pull = Task { await controller.refresh(group.actions) }
      await yield { users.pending == 1 }
      users.succeed(8)
      await pull.value
      #expect(group.phase.kind == .idle)
      #expect(teams.calls == 0)
      #expect(users.calls == 2)  // the reload reloaded the enabled member only

      group.keyChanged(to: user, TeamKey(userID: 7, gate: teams))  // the dependent key's turn
      #expect(group.phase.kind == .loading)
      await yield { teams.pending == 1 }
      teams.succeed("Blue")
      await yield { group.phase.kind == .loaded }
      #expect(group.values?.0 == 8 && group.values?.1 == "Blue")
      #expect(teams.calls == 1)
      group.stop()
    }
  }

  @Test("A group waiting only for a disabled member is idle from the start")
  func aGroupOfOnlyDisabledKeysIsIdle() async {
    await withMainSerialExecutor {
      let teams = Gate<String>()
      let users = Gate<Int>()
      let store = LoaderStore(clock: TestClock(), staleness: .after(.seconds(60)))
      store.setValue(1, for: NumberKey(1, gate: users))
      let group = KeyGroupScreen<NumberKey, TeamKey>(store: store)
      group.select(NumberKey(1, gate: users), TeamKey(userID: nil, gate: teams))
      #expect(group.phase.kind == .idle)
      await group.load()
      await drain()
      #expect(group.phase.kind == .idle)
      #expect(teams.calls == 0)
      #expect(users.calls == 0)
      group.stop()
    }
  }

  @Test("The rules: one member's state decides the group's phase, in key order")
  func theRules() {
    func state(_ phase: LoadPhase<Int, any Error>) -> GroupMemberState { GroupMemberState(phase) }
    let failed1: LoadPhase<Int, any Error> = .failed(TestError(1))
    let failed2: LoadPhase<Int, any Error> = .failed(TestError(2))
    func outcome(_ phases: [LoadPhase<Int, any Error>]) -> LoadPhase<Int, any Error> {
      let values = phases.allSatisfy { $0.value != nil } ? 0 : nil
      return GroupMemberState.phase(of: phases.map(state), values: values)
    }
    #expect(outcome([.idle, .idle]).kind == .idle)
    #expect(outcome([.loading, .loaded(1)]).kind == .loading)
    #expect(outcome([failed1, .loading]).kind == .loading)
    #expect(outcome([.loaded(1), failed2, failed1]).error as? TestError == TestError(2))
    #expect(outcome([.retrying(TestError(1)), failed2]).kind == .retrying)
    #expect(outcome([.retrying(TestError(1)), .loading]).kind == .loading)
    #expect(outcome([.idle, failed2]).kind == .failed)
    #expect(outcome([.loaded(1), .reloading(2)]).kind == .reloading)
    let reloadFailed = outcome([.reloading(1), .reloadFailed(2, TestError(2))])
    #expect(reloadFailed.kind == .reloadFailed)
    #expect(reloadFailed.error as? TestError == TestError(2))
  }
}
