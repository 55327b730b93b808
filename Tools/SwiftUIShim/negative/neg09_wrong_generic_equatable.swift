// Wrong generic constraint: task(id:) needs an Equatable id.
// EXPECT: requires that 'Query' conform to 'Equatable'
import SwiftUI

struct Query { var text: String }

struct V: View {
  let q: Query
  var body: some View { Text("x").task(id: q) {} }
}
