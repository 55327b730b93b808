// Issue 31, finding 4: Color.RGBColorSpace has sRGB, sRGBLinear and displayP3.
// EXPECT: switch must be exhaustive
import SwiftUI

func name(of space: Color.RGBColorSpace) -> String {
  switch space {
  case .sRGB: "sRGB"
  case .displayP3: "Display P3"
  }
}
