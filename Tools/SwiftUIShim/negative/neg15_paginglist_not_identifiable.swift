// AsyncContent API: PagingList rows need Identifiable items (ForEach ids, no duplicates).
// EXPECT: requires that 'Post' conform to 'Identifiable'
import AsyncContent
import SwiftUI

struct Post: Sendable { let title: String }

struct V: View {
  var body: some View {
    PagingList { (cursor: Int?) in
      Page(items: [Post](), nextCursor: cursor)
    } row: { post in
      Text(post.title)
    }
  }
}
