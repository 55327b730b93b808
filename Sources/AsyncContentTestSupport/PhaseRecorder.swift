public import AsyncContentCore
import Observation

/// Records what a screen would see of an observable value: how many observation notifications
/// it sends, and the value after each one.
///
/// It observes like SwiftUI does: it reads the value, waits for a change notification, and
/// reads again on the next turn of the main actor, so a burst of changes inside one mutation
/// counts once per notification.
///
/// ```swift
/// let loader = AsyncLoader { try await gate.call() }
/// let recorder = PhaseRecorder(loader)
/// let load = Task { await loader.load() }
/// await eventually { gate.pending == 1 }
/// await drainMainActor()
/// #expect(recorder.notifications == 1)  // idle → loading
/// ```
@MainActor
public final class PhaseRecorder<Recorded> {
  /// How many change notifications were sent.
  public private(set) var notifications = 0
  /// The value read after each notification, oldest first (the first is the value at creation).
  public private(set) var values: [Recorded] = []
  private let read: @MainActor () -> Recorded

  /// Records everything `read` reads.
  ///
  /// - Parameter read: Reads the observed value, for example `{ loader.failureCount }`.
  public init(_ read: @escaping @MainActor () -> Recorded) {
    self.read = read
    observe()
  }

  private func observe() {
    let value = withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Observation calls this on the thread that mutates; the loaders mutate on the main actor.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.notifications += 1
        // Read and register again once the mutation is over, as SwiftUI does on its next render.
        // The task holds the recorder weakly, so a recorder that goes away stops observing.
        Task { @MainActor [weak self] in self?.observe() }
      }
    }
    values.append(value)
  }
}

extension PhaseRecorder {
  /// Records the phase of a loader.
  public convenience init<Source: LoadableObject>(_ loader: Source)
  where Recorded == LoadPhase<Source.Value, Source.Failure> {
    self.init { loader.phase }
  }

  /// Records the phase of a paged loader.
  public convenience init<Item, Cursor>(_ loader: PagedLoader<Item, Cursor>)
  where Recorded == PagedPhase<PagedLoader<Item, Cursor>.Items, any Error> {
    self.init { loader.phase }
  }
}

extension PhaseRecorder where Recorded: AsyncPhase {
  /// The kind of each recorded phase, oldest first.
  public var kinds: [PhaseKind] { values.map(\.kind) }
}
