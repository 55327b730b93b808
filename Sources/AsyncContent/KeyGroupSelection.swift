#if canImport(SwiftUI)
internal import AsyncContentCore
internal import Foundation

extension KeySelection {
  /// The selection of several value keys as one (`AsyncView(keys:)`), through a
  /// ``KeyGroupScreen``; its key is the list of the keys, so a change of any forwards a key
  /// change, which moves only the members whose key changed.
  @MainActor
  init<each Key: LoaderKey>(
    keys: repeat each Key, keepsPreviousValue: Bool,
    read: @escaping @MainActor (KeyGroupScreen<repeat each Key>) -> Shown
  ) {
    // A closure captures the keys as a tuple and expands it.
    let keys = (repeat each keys)
    var identities: [AnyHashable] = []
    for key in repeat each keys { identities.append(AnyHashable(key)) }
    self.init(
      key: AnyHashable(identities),
      make: {
        KeyGroupScreen<repeat each Key>(store: $0, keepsPreviousValue: keepsPreviousValue)
      },
      appeared: { ($0 as? KeyGroupScreen<repeat each Key>)?.select(repeat each keys) },
      changed: { ($0 as? KeyGroupScreen<repeat each Key>)?.keyChanged(to: repeat each keys) },
      disappeared: { ($0 as? KeyGroupScreen<repeat each Key>)?.stop() },
      handOver: { old, new in
        guard let new = new as? KeyGroupScreen<repeat each Key> else { return }
        (old as? KeyGroupScreen<repeat each Key>)?.handOver(to: new)
      },
      read: { ($0 as? KeyGroupScreen<repeat each Key>).map(read) })
  }
}

extension ValueSnapshot {
  /// What a view of several store keys shows now: their phase as one, the group's loads, and the
  /// members' status (the first member's timing and clock, the oldest value's date, whether any
  /// member's last load was cancelled or waits for the network).
  @MainActor
  init<each Key: LoaderKey>(group: KeyGroupScreen<repeat each Key>)
  where Value == (repeat (each Key).Value) {
    let loaders = group.loaders
    var status = SourceStatus(loaders.first)
    status.loadedAt = loaders.compactMap(\.loadedDate).min()
    status.lastLoadWasCancelled = loaders.contains { $0.lastLoadWasCancelled }
    status.isWaitingForNetwork = group.isWaitingForNetwork
    self.init(
      phase: group.phase, source: group.source, status: status, actions: group.actions,
      isPlaceholder: group.isPlaceholder)
  }
}
#endif
