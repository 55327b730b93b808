#if canImport(Darwin)
import Dispatch
#endif

extension LoaderStore {
  /// Evicts every unobserved entry, cancelling its load, on a low-memory warning; returns how
  /// many it evicted.
  @discardableResult
  package func evictUnobserved() -> Int {
    let unobserved = liveEntries.filter { $0.observers == 0 }
    for entry in unobserved { evict(entry) }
    return unobserved.count
  }
}

/// The system's low-memory warnings, which a ``LoaderStore`` listens to from its first entry on:
/// a dispatch source of memory-pressure events on Apple platforms; nothing elsewhere.
final class MemoryWarnings {
  #if canImport(Darwin)
  /// The source of the warnings; cancelled when the store goes away.
  private let source: any DispatchSourceMemoryPressure

  /// Listens to the warnings for `store`, which it holds weakly.
  @MainActor
  init(store: LoaderStore) {
    // The warning and critical events, on the main queue, where the store lives.
    let source = DispatchSource.makeMemoryPressureSource(
      eventMask: [.warning, .critical], queue: .main)
    // The store as a constant (a weak reference held by value), not a captured `weak var`.
    let target = WeakReference(store)
    source.setEventHandler {
      MainActor.assumeIsolated { _ = target.object?.evictUnobserved() }
    }
    source.activate()
    self.source = source
  }

  deinit {
    source.cancel()
  }
  #else
  /// Listens to nothing: the platform has no memory-pressure source.
  @MainActor
  init(store _: LoaderStore) {}
  #endif
}
