#if canImport(SwiftUI)
public import AsyncContentCore
public import SwiftUI

/// A button that sends a change with a ``Mutation`` and shows its progress in place, as
/// ``RetryButton`` does for a retry.
///
/// A tap calls the mutation's ``Mutation/start(_:in:)`` with `input`, in the ``LoaderStore`` of
/// the button's environment (`.loaderStore(_:)`, ``LoaderStore/shared`` by default): the store
/// the screen's `AsyncView(key:)` and `PagingList(key:)` read, so the optimistic edit, the
/// write-back and the invalidation reach the views on screen. The mutation owns the run's
/// task, so the button's own lifetime does not bound it: a save whose button goes away (the
/// sheet closes, the row scrolls off) finishes, rolls back or invalidates all the same. While
/// a run sends its request (``Mutation/isRunning``, wherever the run was started), the label
/// stays in the layout, hidden under a `ProgressView`, so the button keeps its size, and the
/// button is disabled, so a second tap sends nothing.
///
/// While the run waits for the network instead (``Mutation/isPaused``: the store follows the
/// network and it is down), the button stays enabled, so further taps queue their runs behind
/// it, in order, and a caption under the label says "Will be sent when online", in the
/// language of the default texts (the environment's `asyncDefaultStrings`).
///
/// Keep the mutation where it outlives the view: in a model, a `static let`, or the view's
/// `@State`. Its phase says how the last run ended:
///
/// ```swift
/// MutationButton(rename, input: Rename(id: country.id, name: name)) {
///   Label("Rename", systemImage: "pencil")
/// }
/// if case .failed(let error) = rename.phase {
///   Text(error.localizedDescription)
/// }
/// ```
public struct MutationButton<Input: Sendable, Output: Sendable, Label: View>: View {
  private let mutation: Mutation<Input, Output>
  private let input: Input
  private let label: Label
  @Environment(\.loaderStore) private var store
  @Environment(\.asyncDefaultStrings) private var strings

  /// Creates a button that sends `input` with `mutation`, with a label of your own.
  ///
  /// - Parameters:
  ///   - mutation: The mutation that runs the change, in the environment's store; keep it
  ///     where it outlives the view.
  ///   - input: What a tap sends.
  ///   - label: The button's label.
  public init(
    _ mutation: Mutation<Input, Output>, input: Input, @ViewBuilder label: () -> Label
  ) {
    self.mutation = mutation
    self.input = input
    self.label = label()
  }

  public var body: some View {
    let state = mutation.buttonState
    Button {
      mutation.start(input, in: store)
    } label: {
      VStack {
        ProgressButtonLabel(isRunning: state.showsProgress, label: label)
        if state == .waitingForNetwork {
          SwiftUI.Label(strings.willBeSentWhenOnline, systemImage: "clock.arrow.circlepath")
            .font(.caption2)
        }
      }
    }
    .disabled(!state.isEnabled)
  }
}

extension MutationButton where Label == Text {
  /// Creates a button that sends `input` with `mutation`, titled with a text of your own.
  ///
  /// ```swift
  /// MutationButton("Save", mutation: rename, input: Rename(id: country.id, name: name))
  /// ```
  ///
  /// - Parameters:
  ///   - titleKey: The button's title, looked up in your app's strings.
  ///   - mutation: The mutation that runs the change, in the environment's store; keep it
  ///     where it outlives the view.
  ///   - input: What a tap sends.
  public init(
    _ titleKey: LocalizedStringKey, mutation: Mutation<Input, Output>, input: Input
  ) {
    self.init(mutation, input: input) { Text(titleKey) }
  }
}

/// The label of a button whose work runs elsewhere: the label, hidden under a spinner while the
/// work runs, so the button keeps its size.
struct ProgressButtonLabel<Label: View>: View {
  let isRunning: Bool
  let label: Label

  var body: some View {
    ZStack {
      label.opacity(isRunning ? 0 : 1)
      ProgressView().opacity(isRunning ? 1 : 0)
    }
  }
}
#endif
