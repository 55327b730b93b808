// Mistake 6: a component that takes an empty view but no way to say what is empty.
// LINT-EXPECT: empty-no-isempty
import SwiftUI

public struct Listing<Empty: View>: View {
  let empty: Empty
  public init(@ViewBuilder empty: () -> Empty) {
    self.empty = empty()
  }
  public var body: some View { empty }
}
