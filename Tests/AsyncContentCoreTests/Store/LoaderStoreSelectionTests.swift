import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

/// `LoaderStore.value(for:select:)` and the selections behind it (TanStack Query's `select` and
/// the effect of its `notifyOnChangeProps`): a reader of a part of a key's value hears only of
/// changes of that part, and the key path runs once per new value, whatever the readers.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct LoaderStoreSelectionTests {
  // MARK: Notifications

  @Test func aChangeOfAFieldTheReaderDoesNotSelectSendsItNoNotification() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let key = ProfileKey(id: 1)
      let subscription = await observeLoaded(Profile(name: "Ada", visits: 1), for: key, in: store)
      let name = Notifications { store.value(for: key, select: \.name) }
      let whole = Notifications { store.value(for: key)?.visits }
      #expect(name.lastRead == "Ada")

      store.updateValue(for: key) { $0.visits += 1 }
      #expect(whole.count == 1)  // the value did change
      #expect(name.count == 0)  // but not its name
      #expect(store.value(for: key, select: \.visits) == 2)

      store.updateValue(for: key) { $0.name = "Grace" }
      #expect(name.count == 1)
      await drain()
      #expect(name.lastRead == "Grace")
      subscription.cancel()
    }
  }

  @Test func aReloadThatLandsAnEqualSelectedValueSendsNoNotification() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let key = ProfileKey(id: 1)
      let subscription = await observeLoaded(Profile(name: "Ada", visits: 1), for: key, in: store)
      let name = Notifications { store.value(for: key, select: \.name) }
      let phase = Notifications {
        store.value(for: key) != nil ? store.loader(for: key).phase.kind : nil
      }

      subscription.loader.startReload()  // loaded → reloading
      await yield { key.gate.pending == 1 }
      key.gate.succeed(Profile(name: "Ada", visits: 2))  // → loaded, with a new value
      await yield { subscription.loader.phase.kind == .loaded }
      #expect(phase.count == 2)  // the loader's phase changed twice
      #expect(store.value(for: key, select: \.visits) == 2)
      #expect(name.count == 0)  // the name did not
      #expect(name.lastRead == "Ada")

      subscription.loader.startReload()
      await yield { key.gate.pending == 1 }
      key.gate.succeed(Profile(name: "Grace", visits: 2))
      await yield { subscription.loader.phase.kind == .loaded }
      await drain()
      #expect(name.count == 1)
      #expect(name.lastRead == "Grace")
      subscription.cancel()
    }
  }

  // MARK: The transform

  @Test func theKeyPathRunsOncePerNewValueWhateverTheReaders() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let counter = CallCounter()
      let key = ProfileKey(id: 1)
      let subscriptions = (0..<3).map { _ in store.observe(key) }
      await yield { key.gate.pending == 1 }
      key.gate.succeed(Profile(name: "Ada", visits: 1, counter: counter))
      await yield { subscriptions[0].loader.phase.kind == .loaded }
      #expect(counter.calls == 0)  // nobody selected yet

      // Three screens read the name: one selection, one run.
      let readers = (0..<3).map { _ in
        Notifications { store.value(for: key, select: \.countedName) }
      }
      #expect(readers.allSatisfy { $0.lastRead == "Ada" })
      #expect(counter.calls == 1)

      // A reload: it starts (the value stays) and lands a new value: one run more.
      subscriptions[0].loader.startReload()
      await yield { key.gate.pending == 1 }
      #expect(counter.calls == 1)  // a load that starts keeps the value: no run
      key.gate.succeed(Profile(name: "Grace", visits: 1, counter: counter))
      await yield { subscriptions[0].loader.phase.kind == .loaded }
      #expect(counter.calls == 2)
      #expect(readers.allSatisfy { $0.count == 1 })
      await drain()  // the three screens render again
      #expect(readers.allSatisfy { $0.lastRead == "Grace" })
      #expect(counter.calls == 2)  // reads run nothing

      store.updateValue(for: key) { $0.visits += 1 }  // an edit is a new value
      #expect(counter.calls == 3)
      #expect(readers.allSatisfy { $0.count == 1 })  // with the same name
      for subscription in subscriptions { subscription.cancel() }
    }
  }

  // MARK: The phase

  @Test func thePhaseIsMappedThroughTheKeyPath() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let key = ProfileKey(id: 1)
      let loader = store.loader(for: key)
      let selection = loader.selection(\.name)
      #expect(selection.phase.kind == .idle)
      #expect(selection.value == nil)

      let subscription = store.observe(key)
      #expect(selection.phase.kind == .loading)
      await yield { key.gate.pending == 1 }
      key.gate.fail(TestError(1))
      await yield { loader.phase.kind == .failed }
      #expect(selection.phase.kind == .failed)
      #expect((selection.phase.error as? TestError) == TestError(1))
      #expect(store.value(for: key, select: \.name) == nil)

      loader.startReload()
      #expect(selection.phase.kind == .retrying)
      await yield { key.gate.pending == 1 }
      key.gate.succeed(Profile(name: "Ada", visits: 1))
      await yield { loader.phase.kind == .loaded }
      #expect(selection.phase.isKind(.loaded, value: "Ada"))

      // A failed reload keeps the selected value, under the error.
      let value = Notifications { store.value(for: key, select: \.name) }
      let phase = Notifications { selection.phase.kind }
      loader.startReload()
      #expect(selection.phase.isKind(.reloading, value: "Ada"))
      await yield { key.gate.pending == 1 }
      key.gate.fail(TestError(2))
      await yield { loader.phase.kind == .reloadFailed }
      #expect(selection.phase.isKind(.reloadFailed, value: "Ada"))
      #expect((selection.phase.error as? TestError) == TestError(2))
      #expect(store.value(for: key, select: \.name) == "Ada")
      #expect(phase.count == 2)  // reloading, then reloadFailed
      #expect(value.count == 0)  // the value stayed

      loader.dismissError()
      #expect(selection.phase.isKind(.loaded, value: "Ada"))
      loader.reset()
      #expect(selection.phase.kind == .idle)
      #expect(selection.value == nil)
      #expect(value.count == 1)
      subscription.cancel()
    }
  }

  @Test func aKeyPathCanSelectATransformOfAValueThatIsNotEquatable() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let key = ProfileKey(id: 1)
      // `Profile` is not Equatable: only the selected part is compared.
      store.setValue(Profile(name: "Ada", visits: 1, tags: ["math"]), for: key)
      let tagCount = Notifications { store.value(for: key, select: \.tags.count) }
      #expect(tagCount.lastRead == 1)
      store.updateValue(for: key) { $0.tags = ["poetry"] }
      #expect(tagCount.count == 0)
      store.updateValue(for: key) { $0.tags.append("engines") }
      #expect(tagCount.count == 1)
      await drain()
      #expect(tagCount.lastRead == 2)
    }
  }

  // MARK: Entries

  @Test func aReadCreatesNoEntryAndHearsTheEntryThatComes() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock())
      let key = ProfileKey(id: 1)
      let name = Notifications { store.value(for: key, select: \.name) }
      #expect(name.lastRead == .some(nil))
      #expect(store.count == 0)
      store.setValue(Profile(name: "Ada", visits: 1), for: key)
      #expect(name.count == 1)
      await drain()
      #expect(name.lastRead == "Ada")
    }
  }

  @Test func anEvictionTellsTheReaderOnceAndANewEntryIsReadAfresh() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = LoaderStore(clock: clock, gcAfter: .seconds(10))
      let key = ProfileKey(id: 1)
      store.setValue(Profile(name: "Ada", visits: 1), for: key)  // unobserved: collected later
      let old = store.loader(for: key)
      let name = Notifications { store.value(for: key, select: \.name) }
      #expect(name.lastRead == "Ada")

      await clock.advance(by: .seconds(10))
      await yield { store.count == 0 }
      #expect(name.count == 1)
      await drain()
      #expect(name.lastRead == .some(nil))  // no entry now

      store.setValue(Profile(name: "Grace", visits: 1), for: key)
      #expect(store.loader(for: key) !== old)
      #expect(name.count == 2)
      await drain()
      #expect(name.lastRead == "Grace")
      // The reader follows the new entry's selection.
      store.updateValue(for: key) { $0.name = "Lovelace" }
      #expect(name.count == 3)
      await drain()
      #expect(name.lastRead == "Lovelace")
    }
  }

  // MARK: A screen's view of a key

  @Test func aKeyedSelectionReadsOnlyItsPartAndKeepsThePreviousKeysSelectedValue() async {
    await withMainSerialExecutor {
      let store = LoaderStore(clock: TestClock(), staleness: .never)
      let first = ProfileKey(id: 1)
      let second = ProfileKey(id: 2)
      store.setValue(Profile(name: "Ada", visits: 1), for: first)
      let keyed = ValueScreen<ProfileKey>(store: store, keepsPreviousValue: true)
      keyed.select(first)
      let shown = Notifications { keyed.selectedPhase(\.name).phase.value }
      #expect(keyed.selectedPhase(\.name).phase.isKind(.loaded, value: "Ada"))

      store.updateValue(for: first) { $0.visits += 1 }
      #expect(shown.count == 0)

      keyed.select(second)  // the second key loads, with the first's name as a placeholder
      #expect(shown.count == 1)
      let placeholder = keyed.selectedPhase(\.name)
      #expect(placeholder.phase.isKind(.reloading, value: "Ada"))
      #expect(placeholder.isPlaceholder)
      await yield { second.gate.pending == 1 }
      second.gate.succeed(Profile(name: "Grace", visits: 1))
      await yield { keyed.loader?.phase.kind == .loaded }
      let landed = keyed.selectedPhase(\.name)
      #expect(landed.phase.isKind(.loaded, value: "Grace"))
      #expect(!landed.isPlaceholder)
      keyed.stop()
    }
  }
}

// MARK: - Support

/// Counts the calls of a computed property, across the values that share it.
final class CallCounter: Sendable {
  private let count = LockIsolated(0)
  var calls: Int { count.value }
  func increment() { count.withValue { $0 += 1 } }
}

/// A value of the selection tests: several fields, and not `Equatable`.
struct Profile: Sendable {
  var name: String
  var visits: Int
  var tags: [String] = []
  var counter: CallCounter?

  /// The name, counting the calls: a key path to it is a transform that counts its runs.
  var countedName: String {
    counter?.increment()
    return name
  }
}

/// A key whose fetch waits at its gate.
struct ProfileKey: GatedKey {
  let id: Int
  let gate = Gate<Profile>()

  func fetch(using _: Void) async throws -> Profile {
    try await gate.call()
  }

  static func == (lhs: ProfileKey, rhs: ProfileKey) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Reads `read` under observation tracking, counts the notifications, and tracks again after
/// each, as a view renders again after each: `count` is how many renders the reads would cost.
@MainActor
final class Notifications<Value> {
  private let body: @MainActor () -> Value
  private(set) var count = 0
  private(set) var lastRead: Value?

  init(_ body: @escaping @MainActor () -> Value) {
    self.body = body
    read()
  }

  /// Reads and tracks what the read touches.
  private func read() {
    lastRead = withObservationTracking {
      body()
    } onChange: { [weak self] in
      // Called synchronously in the change (willSet); the new state is read on the next turn.
      MainActor.assumeIsolated {
        self?.count += 1
        self?.scheduleRead()
      }
    }
  }

  private func scheduleRead() {
    // Read after the change completed, as SwiftUI renders on its next turn.
    Task { @MainActor in self.read() }
  }
}
