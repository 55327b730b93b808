#if canImport(SwiftUI)
internal import AsyncContentCore
internal import SwiftUI

/// What a component renders of its source in one `body` (``ValueSnapshot``, ``PagingSnapshot``).
protocol SourceSnapshot {
  /// What shows before the component's own loader, or its store's view of its key, exists.
  static var notYet: Self { get }
  /// What shows before the store's view of the component's key exists; ``notYet`` by default.
  static var keyNotYet: Self { get }
}

extension SourceSnapshot {
  static var keyNotYet: Self { notYet }
}

/// Where a component's value or pages come from; `slot`, the component's state, keeps its own
/// loader (`owned`) or its store's view of its key (`key`).
enum ComponentSource<Shown: SourceSnapshot> {
  /// A loader the component makes for an identity and keeps in its slot.
  case owned(
    id: AnyHashable,
    select: @MainActor (inout LoaderSlot<AnyHashable, AnyObject>) -> Void,
    read: @MainActor (AnyObject) -> Shown?)
  /// The store's loader of a key, through the store's view of the key that the slot keeps.
  case key(KeySelection<Shown>)
  /// A loader the caller owns, read on every render.
  case loader(@MainActor () -> Shown)
  /// A phase the caller drives, as of this render.
  case phase(Shown)

  /// What the component shows now.
  @MainActor
  func snapshot(in slot: LoaderSlot<AnyHashable, AnyObject>) -> Shown {
    switch self {
    case .owned(_, _, let read): slot.loader.flatMap(read) ?? .notYet
    case .key(let selection): slot.loader.flatMap(selection.read) ?? .keyNotYet
    case .loader(let read): read()
    case .phase(let snapshot): snapshot
    }
  }

  /// The identity of the component's own loader; `nil` for the other sources.
  var ownedID: AnyHashable? {
    if case .owned(let id, _, _) = self { return id }
    return nil
  }

  /// Makes the component's own loader for a new identity.
  @MainActor
  func selectOwned(in slot: inout LoaderSlot<AnyHashable, AnyObject>) {
    if case .owned(_, let select, _) = self { select(&slot) }
  }

  /// The key of the key form; `nil` for the other sources.
  var keySelection: KeySelection<Shown>? {
    if case .key(let selection) = self { return selection }
    return nil
  }
}

/// Makes a component's own loader when its identity is new, and forwards its lifecycle to the
/// store's view of its key (``KeySelectionEvents``); nothing for the other sources.
struct ComponentSourceEvents<Shown: SourceSnapshot>: ViewModifier {
  @Binding var slot: LoaderSlot<AnyHashable, AnyObject>
  let source: ComponentSource<Shown>

  func body(content: Content) -> some View {
    content
      .onChange(of: source.ownedID, initial: true) { source.selectOwned(in: &slot) }
      .modifier(KeySelectionEvents(slot: $slot, selection: source.keySelection))
  }
}
#endif
