// AsyncContent API: PagingList rows need Identifiable items (ForEach ids, no duplicates).
// EXPECT: requires that 'Post' conform to 'Identifiable'
import AsyncContent
import SwiftUI

struct Post: Sendable { let title: String }

struct V: View {
  let phase: PagedPhase<[Post], any Error>
  var body: some View {
    PagingList(phase: phase, hasMore: true, reload: {}, loadMore: {}) { post in Text(post.title) }
  }
}
