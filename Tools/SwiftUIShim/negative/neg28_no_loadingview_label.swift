// AsyncContent API: one meaning per label: the loading view's builder is `loading:` in every
// view; `loadingView:` is gone with AsyncContentView.
// EXPECT: incorrect argument label in call (have '_:loadingView:_:', expected '_:loading:_:')
import AsyncContent
import SwiftUI

struct V: View {
  @State private var loader = AsyncLoader { "a" }
  var body: some View {
    AsyncView(loader, loadingView: { ProgressView() }) { Text($0) }
  }
}
