// Issue 31, finding 3: TupleView.value is @MainActor @preconcurrency in the SDK.
// EXPECT: main actor-isolated property 'value'
import SwiftUI

nonisolated func first(_ views: TupleView<(Text, Text)>) -> Text {
  views.value.0
}
