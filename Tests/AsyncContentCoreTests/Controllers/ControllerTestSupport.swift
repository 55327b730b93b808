import AsyncContentCore
import AsyncContentTestSupport
import Observation

/// The error the controller tests fail with.
struct Boom: Error, Equatable {}

/// A model that drives its own phase, as the documented `ArticleModel` does: its work runs in
/// the caller's task, so cancelling the caller cancels the work.
@MainActor
@Observable
final class HandDrivenModel: LoadableObject {
  private(set) var phase: LoadPhase<String, any Error>
  @ObservationIgnored let gate: OperationGate<String>

  init(phase: LoadPhase<String, any Error> = .idle, gate: OperationGate<String>) {
    self.phase = phase
    self.gate = gate
  }

  func load() async {
    if phase.value == nil { await reload() }
  }

  func reload() async {
    guard phase.startLoading() == .started else { return }
    do {
      let value = try await gate.call()
      phase.succeed(value)
    } catch {
      if isCancellation(error) { phase.cancel() } else { phase.fail(error) }
    }
  }

  func cancel() { phase.cancel() }

  /// Resets the phase to idle, as a model's `reset()` would.
  func reset() { phase.reset() }
}

/// The branch of a presentation, named as the lifecycle model's views.
func branch<Value, Failure>(_ presentation: Presentation<Value, Failure>) -> String {
  switch presentation.body {
  case .idle: "idle"
  case .progress: "loading"
  case .content: "content"
  case .empty: "empty"
  case .failure: "failure"
  }
}

/// A screen in the lifecycle model: a stable container and one branch for the presentation's
/// body, swapped as SwiftUI swaps them (the old branch's task is cancelled).
@MainActor
final class BranchedScreen {
  let lifecycle: ViewLifecycle
  private(set) var branch: String?
  private(set) var swaps = 0

  init(_ lifecycle: ViewLifecycle) {
    self.lifecycle = lifecycle
  }

  /// Shows `newBranch` with `hooks` (swapping it in when it changed), then renders.
  func show(_ newBranch: String, hooks: ViewHooks = ViewHooks()) {
    if newBranch != branch {
      if let branch {
        lifecycle.swapBranch(from: branch, to: newBranch, hooks)
        swaps += 1
      } else {
        lifecycle.appear(newBranch, hooks)
      }
      branch = newBranch
    }
    lifecycle.render()
  }
}

/// The container's hooks in the new wiring: the stable view forwards its lifecycle to the
/// controller, as `ContentContainer` does in the SwiftUI layer.
@MainActor
func containerHooks(
  _ controller: ContentController, state: @escaping @MainActor () -> ContentState,
  actions: @escaping @MainActor () -> LoadActions
) -> ViewHooks {
  ViewHooks()
    .onAppear { controller.appeared(state(), actions: actions()) }
    .onDisappear { controller.disappeared() }
    .onChange(of: state) { _, new in controller.changed(to: new, actions: actions()) }
    .refreshable { [actions = actions()] in await controller.refresh(actions) }
}

/// A feed that drives its own paged phase, as the docs' Switch style example does: the
/// transitions drop an outdated page, failure or cancellation.
@MainActor
@Observable
final class HandDrivenFeed {
  private(set) var phase: PagedPhase<[Int], any Error>
  var hasMore = true
  @ObservationIgnored let gate: OperationGate<[Int]>
  /// How many first-page fetches ran.
  private(set) var firstPageFetches = 0

  init(phase: PagedPhase<[Int], any Error> = .idle, gate: OperationGate<[Int]>) {
    self.phase = phase
    self.gate = gate
  }

  func fetchFirstPage() async {
    guard phase.startLoading() == .started else { return }
    firstPageFetches += 1
    do {
      let items = try await gate.call()
      hasMore = !items.isEmpty
      phase.succeed(items)
    } catch {
      if isCancellation(error) { phase.cancel() } else { phase.fail(error) }
    }
  }

  func fetchNextPage() async {
    guard phase.startLoadingMore() == .started else { return }
    do {
      let page = try await gate.call()
      if phase.finishLoadingMore({ $0.append(contentsOf: page) }) { hasMore = !page.isEmpty }
    } catch {
      if isCancellation(error) { phase.cancelLoadingMore() } else { phase.failLoadingMore(error) }
    }
  }

  var actions: LoadActions {
    LoadActions(load: { await self.fetchFirstPage() }, reload: { await self.fetchFirstPage() })
  }

  var pagingState: PagingState { PagingState(kind: phase.kind, hasMore: hasMore) }
}

/// An end of a paged list in the lifecycle model, wired as `PagingFooterHost` wires its spinner:
/// `onAppear`, `onDisappear` and `onChange(of: state)` forward to the end's controller, and the
/// spinner takes the controller's generation as its identity (`.id(generation)`), so the model's
/// layout replaces it when the generation changes. Each instance remembers the generation it
/// was rendered with, as the SwiftUI closures capture it.
@MainActor
final class PagingEndView {
  let pager: LoadMoreController
  let state: @MainActor () -> PagingState
  let load: @Sendable () async -> Void
  /// The generation of the spinner on screen.
  private(set) var shown: Int?

  init(
    _ pager: LoadMoreController, state: @escaping @MainActor () -> PagingState,
    load: @escaping @Sendable () async -> Void
  ) {
    self.pager = pager
    self.state = state
    self.load = load
  }

  var hooks: ViewHooks {
    ViewHooks()
      .onAppear { [self] in
        let generation = pager.generation
        shown = generation
        pager.footerAppeared(state(), generation: generation, loadMore: load)
      }
      .onDisappear { [self] in
        if let shown { pager.footerDisappeared(generation: shown) }
        shown = nil
      }
      .onChange(of: { self.state() }) { [self] old, new in pager.stateChanged(from: old, to: new) }
      .id { self.pager.generation }
  }
}
