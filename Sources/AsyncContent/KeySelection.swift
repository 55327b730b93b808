#if canImport(SwiftUI)
internal import AsyncContentCore
internal import SwiftUI

/// The key of a view that takes one (`AsyncView(key:)`, `PagingList(key:)`), without the key's
/// type: how the view makes, drives and reads its store's view of the key (a ``KeyedScreen`` or
/// a ``KeyGroupScreen``), which its state keeps as an `AnyObject`.
struct KeySelection<Shown> {
  /// The key, compared to forward its changes.
  let key: AnyHashable
  /// Makes the view's ``KeyedScreen`` or ``KeyGroupScreen`` over a store.
  let make: @MainActor (LoaderStore) -> AnyObject
  /// The view appeared: observes the key (`select(_:)`).
  let appeared: @MainActor (AnyObject) -> Void
  /// The key changed: observes it if the view is on screen (`keyChanged(to:)`).
  let changed: @MainActor (AnyObject) -> Void
  /// The view disappeared: ends the observation (`stop()`).
  let disappeared: @MainActor (AnyObject) -> Void
  /// The view was given another store: the old object hands the screen over to the new one
  /// (`handOver(to:)`).
  let handOver: @MainActor (_ old: AnyObject, _ new: AnyObject) -> Void
  /// What the view renders; `nil` for an object that is not this key type's.
  let read: @MainActor (AnyObject) -> Shown?
}

extension KeySelection {
  /// The selection of a key through the view's ``KeyedScreen`` of the key's kind: a
  /// ``ValueScreen`` for a value key, a ``PagedScreen`` for a paged key.
  @MainActor
  init<Kind: ScreenKind>(
    _ key: Kind.Key, keepsPreviousValue: Bool,
    read: @escaping @MainActor (KeyedScreen<Kind>) -> Shown?
  ) {
    self.init(
      key: AnyHashable(key),
      make: { KeyedScreen<Kind>(store: $0, keepsPreviousValue: keepsPreviousValue) },
      appeared: { ($0 as? KeyedScreen<Kind>)?.select(key) },
      changed: { ($0 as? KeyedScreen<Kind>)?.keyChanged(to: key) },
      disappeared: { ($0 as? KeyedScreen<Kind>)?.stop() },
      handOver: { old, new in
        guard let new = new as? KeyedScreen<Kind> else { return }
        (old as? KeyedScreen<Kind>)?.handOver(to: new)
      },
      read: { ($0 as? KeyedScreen<Kind>).flatMap(read) })
  }
}

/// Forwards a view's lifecycle to its store's view of its key, which lives in the view's `slot`:
/// appearing selects the key, a new key is forwarded as a key change (observed only while the
/// view is on screen: a view hidden under a pushed screen observes nothing until it appears
/// again), disappearing stops observing it. The store's loader owns every load; the rules are
/// the core's, and nothing here starts work of its own.
///
/// The object is made for the environment's store when the view first needs it, so a render
/// allocates nothing, and once per store: a view given another store (`.loaderStore(_:)`) hands
/// the screen over from the old object to a new one for the new store.
struct KeySelectionEvents<Shown>: ViewModifier {
  @Environment(\.loaderStore) private var store
  @Binding var slot: LoaderSlot<AnyHashable, AnyObject>
  /// The key; `nil` for a view that does not take one, which forwards nothing.
  let selection: KeySelection<Shown>?

  /// What a new value of which is forwarded as a key change: the key, or the store.
  private struct Identity: Hashable {
    var store: ObjectIdentifier
    var key: AnyHashable?
  }

  func body(content: Content) -> some View {
    content
      .onAppear {
        guard let selection, let keyed = keyed(selection) else { return }
        selection.appeared(keyed)
      }
      .onChange(of: Identity(store: ObjectIdentifier(store), key: selection?.key)) {
        guard let selection, let keyed = keyed(selection) else { return }
        selection.changed(keyed)
      }
      .onDisappear {
        guard let selection, let keyed = slot.loader else { return }
        selection.disappeared(keyed)
      }
  }

  /// The view's object for the environment's store, made when missing or when the store
  /// changed (the old object handing the screen over to it).
  private func keyed(_ selection: KeySelection<Shown>) -> AnyObject? {
    let store = store
    slot.select(AnyHashable(ObjectIdentifier(store))) { previous in
      let made = selection.make(store)
      if let previous { selection.handOver(previous, made) }
      return made
    }
    return slot.loader
  }
}
#endif
