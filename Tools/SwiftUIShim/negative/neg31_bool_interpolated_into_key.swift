// Issue 31, finding 2: LocalizedStringKey's interpolation has no CustomStringConvertible
// overload; a Bool does not interpolate into a key.
// EXPECT: requires that 'Bool'
import SwiftUI

func title(isOn: Bool) -> LocalizedStringKey {
  "Wi-Fi is \(isOn)"
}
