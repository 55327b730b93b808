#if canImport(SwiftUI)
internal import AsyncContentCore
internal import Foundation
public import SwiftUI

/// A developer's view of a ``LoaderStore``: its live entries (from ``LoaderStore/snapshot()``,
/// read in `body`), each with Invalidate and Reset, and its unended mutation runs; presented by
/// ``SwiftUI/View/loaderStoreInspector(isPresented:)``.
struct LoaderStoreInspector: View {
  @Environment(\.loaderStore) private var environmentStore
  private let done: @MainActor () -> Void

  /// Creates an inspector of the environment's store with a Done button.
  init(done: @escaping @MainActor () -> Void) {
    self.done = done
  }

  var body: some View {
    let store = environmentStore
    let done = done
    let entries = store.snapshot()
    let runs = store.mutationRunsSnapshot()
    // The ages in `entries` are measured now; each entry's age moves on from here in a
    // timeline of its own, so the list itself renders only when the store changes.
    let measuredAt = Date.now
    List {
      Section {
        Button("Done") { done() }
      }
      if !runs.isEmpty {
        Section {
          ForEach(runs) { run in
            Text(verbatim: InspectorMutationRun.summary(of: run))
          }
        } header: {
          Text(verbatim: "Mutations")
        }
      }
      if entries.isEmpty {
        Text(verbatim: "The store holds no entries.")
      }
      ForEach(entries) { entry in
        InspectorEntry(entry: entry, store: store, measuredAt: measuredAt)
      }
    }
    .navigationTitle("Loader store")
  }
}

/// One entry of the inspector: its key, what it holds, and its buttons, each a row of its own
/// so that a tap reaches one button only.
struct InspectorEntry: View {
  let entry: StoreEntrySnapshot
  let store: LoaderStore
  /// When `entry.age` was measured.
  let measuredAt: Date

  var body: some View {
    let key = entry.key
    let store = store
    Section {
      Text(verbatim: Self.summary(of: entry))
      if let age = entry.age {
        let measuredAt = measuredAt
        TimelineView(.periodic(from: .now, by: 1)) { context in
          Text(verbatim: Self.ageText(age, measuredAt: measuredAt, now: context.date))
        }
      }
      Button("Invalidate") { store.invalidate(key) }
      Button(role: .destructive) {
        store.reset(key)
      } label: {
        Text("Reset")
      }
    } header: {
      Text(verbatim: entry.id)
    }
  }

  /// "loaded · stale · 1 observer · 0 failures"; "loading · waiting for the network · …"
  static func summary(of entry: StoreEntrySnapshot) -> String {
    var parts = ["\(entry.kind)"]
    if entry.isWaitingForNetwork { parts.append("waiting for the network") }
    if entry.isStale { parts.append("stale") }
    parts.append(entry.observers == 1 ? "1 observer" : "\(entry.observers) observers")
    parts.append(entry.failureCount == 1 ? "1 failure" : "\(entry.failureCount) failures")
    return parts.joined(separator: " · ")
  }

  /// "12 s old": the age measured at `measuredAt`, moved on to `now`.
  static func ageText(_ age: Duration, measuredAt: Date, now: Date) -> String {
    let elapsed = max(0, now.timeIntervalSince(measuredAt))
    return "\(age.components.seconds + Int64(elapsed)) s old"
  }
}

/// The text of a mutation run in the inspector.
enum InspectorMutationRun {
  /// "rename · Rename(code: AT, name: Österreich) · paused · stored · key 5F0C…"
  static func summary(of run: MutationRunSnapshot) -> String {
    var parts = [run.mutation, run.input]
    switch run.state {
    case .paused: parts.append("paused: waits for the network")
    case .sending: parts.append("sending")
    case .waiting: parts.append("waits for its turn")
    }
    if run.isStored { parts.append("stored") }
    parts.append("key \(run.idempotencyKey)")
    return parts.joined(separator: " · ")
  }
}

/// Presents the inspector of the environment's store as a sheet, in debug builds.
struct LoaderStoreInspectorSheet: ViewModifier {
  let isPresented: Binding<Bool>

  func body(content: Content) -> some View {
    #if DEBUG
    let isPresented = isPresented
    content.sheet(isPresented: isPresented) {
      NavigationStack {
        LoaderStoreInspector { isPresented.wrappedValue = false }
      }
      #if os(macOS)
      // A macOS sheet takes its content's ideal size, and a List has almost none: without a
      // minimum the inspector opens as a sliver.
      .frame(minWidth: 480, minHeight: 400)
      #endif
    }
    #else
    content
    #endif
  }
}

extension View {
  /// Presents an inspector of the environment's store as a sheet while
  /// `isPresented` is `true`, in debug builds; in other builds it returns the view unchanged,
  /// so the inspector never ships to users. Put the control that sets `isPresented` in
  /// `#if DEBUG` too, or it does nothing in release builds.
  ///
  /// ```swift
  /// @State private var showsStore = false
  ///
  /// var body: some View {
  ///   VStack {
  ///     CountryList()
  ///     #if DEBUG
  ///     Button("Loader store") { showsStore = true }
  ///     #endif
  ///   }
  ///   .loaderStoreInspector(isPresented: $showsStore)
  /// }
  /// ```
  ///
  /// - Parameter isPresented: Whether the inspector shows; its Done button sets it to `false`.
  public func loaderStoreInspector(isPresented: Binding<Bool>) -> some View {
    modifier(LoaderStoreInspectorSheet(isPresented: isPresented))
  }
}
#endif
