// @StateObject takes only an ObservableObject (Combine's; OpenCombine's on Linux): an @Observable
// loader belongs in @State instead.
// EXPECT: requires that 'Model' conform to 'ObservableObject'
import SwiftUI

final class Model {}

struct V: View {
  @StateObject private var model = Model()
  var body: some View { Text("x") }
}
