#if canImport(Darwin)
import Dispatch
#endif

extension LoaderStore {
  /// Evicts every entry that nobody observes, cancelling its load: what the store does when the
  /// system warns of low memory. Observed entries stay, so no screen loses what it shows.
  ///
  /// - Returns: How many entries it evicted.
  @discardableResult
  package func evictUnobserved() -> Int {
    let unobserved = liveEntries.filter { $0.observers == 0 }
    for entry in unobserved { evict(entry) }
    return unobserved.count
  }
}

/// The system's low-memory warnings, which a ``LoaderStore`` listens to from its first entry on:
/// on each, the store evicts the entries nobody observes (``LoaderStore/evictUnobserved()``).
///
/// On Apple platforms it is a dispatch source of memory-pressure events, as Nuke's `ImageCache`
/// and swift-operation's `DispatchMemoryPressureSource` use; elsewhere it listens to nothing.
final class MemoryWarnings {
  #if canImport(Darwin)
  /// The source of the warnings; cancelled when the store goes away.
  private let source: any DispatchSourceMemoryPressure

  /// Listens to the warnings for `store`, which it holds weakly.
  @MainActor
  init(store: LoaderStore) {
    // https://developer.apple.com/documentation/dispatch/dispatchsource/makememorypressuresource(eventmask:queue:)
    // The warning and critical events, on the main queue, where the store lives.
    // https://developer.apple.com/documentation/dispatch/dispatchsource/memorypressureevent
    let source = DispatchSource.makeMemoryPressureSource(
      eventMask: [.warning, .critical], queue: .main)
    // https://developer.apple.com/documentation/dispatch/dispatchsourceprotocol/seteventhandler(qos:flags:handler:)
    // The store as a constant (a weak reference held by value), not a captured `weak var`.
    let target = WeakReference(store)
    source.setEventHandler {
      MainActor.assumeIsolated { _ = target.object?.evictUnobserved() }
    }
    // https://developer.apple.com/documentation/dispatch/dispatchobject/activate()
    source.activate()
    self.source = source
  }

  deinit {
    // https://developer.apple.com/documentation/dispatch/dispatchsourceprotocol/cancel()
    source.cancel()
  }
  #else
  /// Listens to nothing: the platform has no memory-pressure source.
  @MainActor
  init(store _: LoaderStore) {}
  #endif
}
