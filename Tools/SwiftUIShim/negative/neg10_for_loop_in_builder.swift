// A for loop is not supported by ViewBuilder (use ForEach).
// EXPECT: cannot be used with result builder 'ViewBuilder'
import SwiftUI

struct V: View {
  var body: some View {
    VStack { for i in 0..<3 { Text("\(i)") } }
  }
}
