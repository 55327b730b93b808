#if canImport(SwiftUI)
internal import AsyncContentCore
internal import SwiftUI

/// The key of a view that takes one (`AsyncView(key:)`, `PagingList(key:)`), without the key's
/// type: how the view makes, drives and reads its store's view of the key (a ``KeyedLoader`` or
/// a ``KeyedPagedLoader``), which its state keeps as an `AnyObject`.
struct KeySelection<Shown> {
  /// The key, compared to forward its changes.
  let key: AnyHashable
  /// Makes the view's ``KeyedLoader`` or ``KeyedPagedLoader`` over a store.
  let make: @MainActor (LoaderStore) -> AnyObject
  /// Observes the key: what appearing and a new key do.
  let select: @MainActor (AnyObject) -> Void
  /// Ends the observation: what disappearing does.
  let stop: @MainActor (AnyObject) -> Void
  /// What the view renders; `nil` for an object that is not this key type's.
  let read: @MainActor (AnyObject) -> Shown?
}

/// Forwards a view's lifecycle to its store's view of its key, which lives in the view's `slot`:
/// appearing and a new key select the key, disappearing stops observing it. The store's loader
/// owns every load; nothing here starts work of its own.
///
/// The object is made for the environment's store when the view first appears, so a render
/// allocates nothing, and once per store: a view given another store (`.loaderStore(_:)`)
/// stops observing the old one and makes a new object for the new one.
struct KeySelectionEvents<Shown>: ViewModifier {
  @Environment(\.loaderStore) private var store
  @Binding var slot: LoaderSlot<AnyHashable, AnyObject>
  /// The key; `nil` for a view that does not take one, which forwards nothing.
  let selection: KeySelection<Shown>?

  /// What a new value of which re-selects: the key, or the store.
  private struct Identity: Hashable {
    var store: ObjectIdentifier
    var key: AnyHashable?
  }

  func body(content: Content) -> some View {
    content
      .onAppear { select() }
      .onChange(of: Identity(store: ObjectIdentifier(store), key: selection?.key)) { select() }
      .onDisappear {
        guard let selection, let keyed = slot.loader else { return }
        selection.stop(keyed)
      }
  }

  private func select() {
    guard let selection else { return }
    let store = store
    slot.select(AnyHashable(ObjectIdentifier(store))) { previous in
      if let previous { selection.stop(previous) }
      return selection.make(store)
    }
    if let keyed = slot.loader { selection.select(keyed) }
  }
}
#endif
