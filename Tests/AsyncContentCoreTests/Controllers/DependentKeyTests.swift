import AsyncContentCore
import AsyncContentTestSupport
import Clocks
import ConcurrencyExtras
import Observation
import Testing

// Keys that may not load yet (`StoreKey.isEnabled`, TanStack Query's `enabled`): a dependent
// key is enabled once the value it depends on exists. The screens are wired as
// `AsyncView(key:)` wires them: the lifecycle model forwards appear, disappear, change and
// pull-to-refresh to a `ContentController` with the `ValueScreen`'s actions, and the key's
// screen selects and stops its `ValueScreen`.

/// The projects of a user: enabled once the user's id is known.
private struct ProjectsKey: LoaderKey {
  var userID: Int?
  let gate: Gate<Int>

  var isEnabled: Bool { userID != nil }

  func fetch(using _: Void) async throws -> Int {
    try await gate.call()
  }

  static func == (lhs: ProjectsKey, rhs: ProjectsKey) -> Bool { lhs.userID == rhs.userID }
  func hash(into hasher: inout Hasher) { hasher.combine(userID) }
}

/// A screen of one store key whose key the screen computes on every render, as
/// `AsyncView(key: ProjectsKey(userID: store.value(for: UserKey())))` does.
@MainActor
private final class DependentScreen {
  let keyed: ValueScreen<ProjectsKey>
  let controller = ContentController()
  let lifecycle: ViewLifecycle
  let key: @MainActor () -> ProjectsKey

  init(store: LoaderStore, lifecycle: ViewLifecycle, key: @escaping @MainActor () -> ProjectsKey) {
    self.lifecycle = lifecycle
    self.key = key
    keyed = ValueScreen(store: store)
  }

  /// The state the container forwards, as `ContentContainer` computes it.
  func state() -> ContentState {
    let phase = keyed.phase
    return ContentState(
      source: keyed.loader.map { ObjectIdentifier($0) }, kind: phase.kind,
      hasBanner: phase.presentation().banner != nil)
  }

  /// What the screen shows: the presentation's body under the anti-flicker rules, as the
  /// container picks its branch.
  var body: Presentation<Int, any Error>.Body {
    keyed.phase.presentation(progress: controller.progress.display).body
  }

  func appear() {
    lifecycle.appear(
      "projects",
      ViewHooks()
        .onAppear {
          self.keyed.select(self.key())
          self.controller.appeared(self.state(), actions: self.keyed.actions)
        }
        .onChange(of: { self.key().userID }) { _, _ in self.keyed.keyChanged(to: self.key()) }
        .onChange(of: { self.state() }) { _, new in
          self.controller.changed(to: new, actions: self.keyed.actions)
        }
        .onDisappear {
          self.controller.disappeared()
          self.keyed.stop()
        }
        .refreshable { await self.controller.refresh(self.keyed.actions) })
  }
}

/// Lets the tasks run, then renders every visible view.
@MainActor
private func render(_ lifecycle: ViewLifecycle) async {
  await drainMainActor()
  lifecycle.render()
}

/// Whether `body` is the idle branch: no spinner, no placeholder.
private func isIdle(_ body: Presentation<Int, any Error>.Body) -> Bool {
  if case .idle = body { return true }
  return false
}

@MainActor
@Suite("Dependent and disabled keys", .serialized, .timeLimit(.minutes(1)))
struct DependentKeyTests {
  @Test("A dependent key sends its request only after the value it depends on lands")
  func aDependentPairLoadsInOrder() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let users = Gate<Int>()
      let projects = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let userKey = NumberKey(1, gate: users)
      let user = store.observe(userKey)  // the user's screen
      let screen = DependentScreen(store: store, lifecycle: lifecycle) {
        ProjectsKey(userID: store.value(for: userKey), gate: projects)
      }
      screen.appear()
      await render(lifecycle)
      await yield { users.pending == 1 }
      #expect(projects.calls == 0)  // no user yet: no request
      #expect(isIdle(screen.body))
      #expect(screen.controller.progress.display == .source)

      users.succeed(42)
      await render(lifecycle)  // the user landed: the key changed to an enabled one
      await yield { projects.pending == 1 }
      #expect(screen.keyed.key?.userID == 42)
      #expect(screen.keyed.phase.kind == .loading)
      projects.succeed(3)
      await render(lifecycle)
      #expect(screen.keyed.phase.isKind(.loaded, value: 3))
      #expect(projects.calls == 1)
      user.cancel()
      await lifecycle.settle()
    }
  }

  @Test("A disabled key shows idle and sends nothing on observe, refetch or invalidation")
  func aDisabledKeyLoadsNothing() async {
    await withMainSerialExecutor {
      let lifecycle = ViewLifecycle()
      let projects = Gate<Int>()
      let store = LoaderStore(clock: TestClock())
      let key = ProjectsKey(userID: nil, gate: projects)
      let screen = DependentScreen(store: store, lifecycle: lifecycle) { key }
      screen.appear()
      await render(lifecycle)
      #expect(store.observerCount(for: key) == 1)
      #expect(isIdle(screen.body))
      #expect(screen.controller.progress.display == .source)

      store.refetch(after: .becameActive)
      store.refetch(after: .networkAvailable)
      store.invalidate(key)
      store.invalidate(where: { _ in true })
      store.invalidateAll()
      await render(lifecycle)
      let pull = lifecycle.pullToRefresh("projects")
      await render(lifecycle)
      lifecycle.disappear("projects")
      screen.appear()  // appearing again
      await render(lifecycle)

      #expect(projects.calls == 0)
      #expect(isIdle(screen.body))
      #expect(store.cachedLoader(for: key)?.isMarkedStale == true)  // marked, not loaded
      store.cachedLoader(for: key)?.cancel()  // a load that should not run ends the pull
      await pull?.value
      await lifecycle.settle()
    }
  }

  @Test("A body that reads a key's value before its entry exists renders again when it comes")
  func aValueWithoutAnEntryIsObserved() async {
    let users = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let userKey = NumberKey(1, gate: users)
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.value(for: userKey)  // no entry yet: the user's screen has not appeared
    } onChange: {
      changed.setValue(true)
    }
    let user = store.observe(userKey)
    #expect(changed.value)
    user.cancel()
  }

  @Test("App code's explicit reload loads a disabled key, as TanStack Query's refetch()")
  func anExplicitReloadLoadsADisabledKey() async {
    let projects = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let key = ProjectsKey(userID: nil, gate: projects)
    let loader = store.loader(for: key)
    loader.startReload()
    await yield { projects.pending == 1 }
    projects.succeed(5)
    await yield { store.value(for: key) == 5 }
  }

  @Test("Invalidating a disabled key cancels a load app code started, and starts none")
  func invalidatingADisabledKeyCancelsItsLoad() async {
    let projects = Gate<Int>()
    let store = LoaderStore(clock: TestClock())
    let key = ProjectsKey(userID: nil, gate: projects)
    let subscription = store.observe(key)
    subscription.loader.startReload()
    await yield { projects.pending == 1 }
    store.invalidate(key)
    await yield { projects.cancelledCalls == 1 }
    await drain()
    #expect(projects.calls == 1)
    #expect(subscription.loader.phase.kind == .idle)
    subscription.cancel()
  }
}
