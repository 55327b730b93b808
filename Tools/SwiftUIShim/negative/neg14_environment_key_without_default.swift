// Without @Entry, a custom environment value needs an EnvironmentKey with a defaultValue.
// EXPECT: does not conform to protocol 'EnvironmentKey'
import SwiftUI

struct RetryCountKey: EnvironmentKey {
  typealias Value = Int
}

extension EnvironmentValues {
  var retryCount: Int {
    get { self[RetryCountKey.self] }
    set { self[RetryCountKey.self] = newValue }
  }
}
