import AsyncContentCore
import Testing

/// The platform-free part of `NetworkStatus.updates()`: a path monitor's updates as the
/// network's statuses, the first one and then each change.
@Suite struct NetworkStatusUpdatesTests {
  @Test func pathUpdatesGiveTheFirstStatusThenEachChange() {
    var statuses = NetworkStatusFilter()
    #expect(statuses.update(.satisfied) == .online)
    #expect(statuses.update(.satisfied) == nil)
    #expect(statuses.update(.requiresConnection) == nil)  // still online: a request activates it
    #expect(statuses.update(.unsatisfied) == .offline)
    #expect(statuses.update(.unsatisfied) == nil)
    #expect(statuses.update(.requiresConnection) == .online)

    var offlineAtStart = NetworkStatusFilter()
    #expect(offlineAtStart.update(.unsatisfied) == .offline)
    #expect(offlineAtStart.update(.satisfied) == .online)
    #expect(NetworkPathStatus.allCases.map(\.networkStatus) == [.online, .offline, .online])
  }
}
