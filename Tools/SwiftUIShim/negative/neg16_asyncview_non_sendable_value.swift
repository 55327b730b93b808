// AsyncContent API: AsyncView's value crosses from the operation to the main actor: Sendable.
// EXPECT: type 'Box' does not conform to the 'Sendable' protocol
import AsyncContent
import SwiftUI

final class Box { var text = "" }

struct V: View {
  var body: some View {
    AsyncView(operation: { Box() }) { box in Text(box.text) }
  }
}
