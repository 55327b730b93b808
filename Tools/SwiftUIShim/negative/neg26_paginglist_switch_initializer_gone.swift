// AsyncContent API: PagingList has three initializers (a loader, `key:`, `id:` + `fetchPage:`);
// the phase-driven "Switch" form is gone: a list you drive is a PagedLoader you own.
// EXPECT: extra arguments at positions #2, #3, #4, #5 in call
import AsyncContent
import SwiftUI

struct Post: Identifiable, Sendable {
  let id: Int
  let title: String
}

struct V: View {
  let phase: PagedPhase<[Post], any Error>
  var body: some View {
    PagingList(phase: phase, hasMore: true, reload: {}, loadMore: {}) { post in Text(post.title) }
  }
}
