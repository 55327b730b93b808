import CountriesDemo
import Foundation
import Testing

@Suite("CountriesServer", .timeLimit(.minutes(1)))
struct CountriesServerTests {
  @Test("the bundled data holds 249 unique countries sorted by name, with flags")
  func bundledData() throws {
    let countries = try Country.bundled()
    #expect(countries.count == 249)
    #expect(Set(countries.map(\.id)).count == 249)
    #expect(Set(countries.map(\.alpha2)).count == 249)
    #expect(countries.first?.name == "Afghanistan")
    let france = try #require(countries.first { $0.alpha2 == "FR" })
    #expect(france == Country(id: 250, name: "France", alpha2: "FR", alpha3: "FRA", flag: "🇫🇷"))
  }

  @Test("binds 127.0.0.1 on a free port, and stop releases it")
  func startAndStop() async throws {
    let server = try CountriesServer()
    let baseURL = try await server.start()
    #expect(baseURL.host == "127.0.0.1")
    let port = try #require(await server.port)
    #expect(port > 0)
    #expect(try await server.start() == baseURL)  // starting again is a no-op
    #expect(try await send(url(baseURL, "/countries?limit=1")).status == 200)
    await server.stop()
    #expect(await server.port == nil)
    await #expect(throws: (any Error).self) {
      _ = try await send(url(baseURL, "/countries?limit=1"))
    }
  }

  @Test("GET /countries pages through every country once, ending with a null cursor")
  func pagination() async throws {
    try await withServer { _, baseURL in
      let first = try await send(url(baseURL, "/countries"))
      #expect(first.status == 200)
      let firstPage = try first.decode(CountriesPage.self)
      #expect(firstPage.items.count == CountriesServer.defaultLimit)
      #expect(firstPage.nextCursor == 25)

      var all: [Country] = []
      var cursor: Int? = 0
      var lastBody = ""
      while let current = cursor {
        let response = try await send(url(baseURL, "/countries?cursor=\(current)&limit=100"))
        #expect(response.status == 200)
        let page = try response.decode(CountriesPage.self)
        all += page.items
        cursor = page.nextCursor
        lastBody = response.text
      }
      #expect(all == (try Country.bundled()))
      #expect(lastBody.contains("\"nextCursor\":null"))
    }
  }

  @Test(
    "an invalid query answers 400 with a readable message",
    arguments: [
      ("/countries?limit=0", "limit must be from 1 to 100, not '0'"),
      ("/countries?limit=101", "limit"),
      ("/countries?cursor=abc", "cursor must be an offset from 0 to 249, not 'abc'"),
      ("/countries?cursor=-1", "cursor"),
      ("/countries?cursor=250", "cursor"),
      ("/countries/1", "not an alpha-2 code"),
    ])
  func badRequests(path: String, message: String) async throws {
    try await withServer { _, baseURL in
      let response = try await send(url(baseURL, path))
      #expect(response.status == 400)
      #expect(try response.decode(APIErrorBody.self).error.contains(message))
    }
  }

  @Test("GET /countries/<alpha2> answers one country, case-insensitively, or 404")
  func oneCountry() async throws {
    try await withServer { _, baseURL in
      let response = try await send(url(baseURL, "/countries/jp"))
      #expect(response.status == 200)
      #expect(try response.decode(Country.self).name == "Japan")
      let missing = try await send(url(baseURL, "/countries/ZZ"))
      #expect(missing.status == 404)
      #expect(try missing.decode(APIErrorBody.self).error == "no country with the code 'ZZ'")
    }
  }

  @Test("PUT /countries/<alpha2> renames and stores: later pages and lookups show the new name")
  func rename() async throws {
    try await withServer { server, baseURL in
      let response = try await send(
        url(baseURL, "/countries/at"), method: "PUT", body: #"{"name":"  Österreich "}"#)
      #expect(response.status == 200)
      let renamed = try response.decode(Country.self)
      #expect(
        renamed == Country(id: 40, name: "Österreich", alpha2: "AT", alpha3: "AUT", flag: "🇦🇹"))
      #expect(try await send(url(baseURL, "/countries/AT")).decode(Country.self) == renamed)
      let page = try await send(url(baseURL, "/countries?limit=25")).decode(CountriesPage.self)
      #expect(page.items[14] == renamed, "the country keeps its place in the list")
      #expect(await server.country(alpha2: "at") == renamed)
      #expect(server.countries[14].name == "Austria", "the initial list stays as it was")
    }
  }

  @Test(
    "PUT /countries/<alpha2> refuses bad input with a 4xx and stores nothing",
    arguments: [
      ("/countries/AT", #"{"name":""}"#, 422, "the name must not be empty"),
      ("/countries/AT", #"{"name":" \n "}"#, 422, "the name must not be empty"),
      (
        "/countries/AT", #"{"name":"\#(String(repeating: "x", count: 101))"}"#, 422,
        "at most 100 characters"
      ),
      ("/countries/ZZ", #"{"name":"Nowhere"}"#, 404, "no country with the code 'ZZ'"),
      ("/countries/1", #"{"name":"One"}"#, 400, "not an alpha-2 code"),
      ("/countries/AT", #"{"title":"Austria"}"#, 400, "the body must be JSON"),
      ("/countries/AT", "Austria", 400, "the body must be JSON"),
    ])
  func renameRefused(path: String, body: String, status: Int, message: String) async throws {
    try await withServer { server, baseURL in
      let response = try await send(url(baseURL, path), method: "PUT", body: body)
      #expect(response.status == status)
      #expect(try response.decode(APIErrorBody.self).error.contains(message))
      #expect(await server.country(alpha2: "AT")?.name == "Austria")
    }
  }

  @Test("PUT /countries/<alpha2> goes through the knobs: an injected failure stores nothing")
  func renameHonoursTheKnobs() async throws {
    try await withServer(knobs: ServerKnobs(failNext: 1)) { server, baseURL in
      let failed = try await send(
        url(baseURL, "/countries/AT"), method: "PUT", body: #"{"name":"Österreich"}"#)
      #expect(failed.status == 500)
      #expect(try failed.decode(APIErrorBody.self).error == "injected failure (fail_next)")
      #expect(await server.country(alpha2: "AT")?.name == "Austria")
      #expect(await server.knobs.failNext == 0, "the rename consumed the injected failure")
      await server.setKnobs(ServerKnobs(failureRate: 1))
      let refused = try await send(
        url(baseURL, "/countries/AT"), method: "PUT", body: #"{"name":"Österreich"}"#)
      #expect(refused.status == 500)
      await server.setKnobs(ServerKnobs())
      let renamed = try await send(
        url(baseURL, "/countries/AT"), method: "PUT", body: #"{"name":"Österreich"}"#)
      #expect(renamed.status == 200)
      #expect(await server.country(alpha2: "AT")?.name == "Österreich")
    }
  }

  @Test("GET /fail always answers 500, unknown paths 404 and wrong methods 405")
  func failAndRouting() async throws {
    try await withServer { _, baseURL in
      for _ in 0..<2 {
        let response = try await send(url(baseURL, "/fail"))
        #expect(response.status == 500)
        #expect(try response.decode(APIErrorBody.self).error == "this endpoint always fails")
      }
      #expect(try await send(url(baseURL, "/nowhere")).status == 404)
      #expect(try await send(url(baseURL, "/countries"), method: "POST").status == 405)
      #expect(try await send(url(baseURL, "/countries/AT"), method: "DELETE").status == 405)
    }
  }

  @Test("fail_next over HTTP fails exactly the next N requests, with a JSON body")
  func failNextOverHTTP() async throws {
    try await withServer { _, baseURL in
      let control = try await send(url(baseURL, "/control?fail_next=2"), method: "POST")
      #expect(control.status == 200)
      #expect(try control.decode(ServerKnobs.self) == ServerKnobs(failNext: 2))
      let statuses = try await (0..<3).asyncMap { _ in
        try await send(url(baseURL, "/countries?limit=1"))
      }
      #expect(statuses.map(\.status) == [500, 500, 200])
      #expect(
        try statuses[0].decode(APIErrorBody.self).error == "injected failure (fail_next)")
      #expect(try await send(url(baseURL, "/control")).decode(ServerKnobs.self).failNext == 0)
    }
  }

  @Test("knobs set in code apply to the next request")
  func knobsInCode() async throws {
    try await withServer { server, baseURL in
      await server.setKnobs(ServerKnobs(latencyMs: 1, failNext: 1))
      #expect(try await send(url(baseURL, "/countries/fr")).status == 500)
      #expect(try await send(url(baseURL, "/countries/fr")).status == 200)
      #expect(await server.knobs == ServerKnobs(latencyMs: 1, failNext: 0))
      let shown = try await send(url(baseURL, "/control"))
      #expect(shown.text == #"{"fail_next":0,"failure_rate":0,"latency_ms":1}"#)
    }
  }

  @Test("the failure rate follows the seeded generator, so runs repeat exactly")
  func seededFailureRate() async throws {
    try await withServer { _, baseURL in
      let control = try await send(
        url(baseURL, "/control?failure_rate=0.5&seed=42"), method: "POST")
      #expect(control.status == 200)
      var generator = SeededGenerator(seed: 42)
      let expected = (0..<16).map { _ in generator.nextUnitInterval() < 0.5 ? 500 : 200 }
      #expect(expected.contains(500) && expected.contains(200))
      let statuses = try await (0..<16).asyncMap { _ in
        try await send(url(baseURL, "/countries?limit=1")).status
      }
      #expect(statuses == expected)
      _ = try await send(url(baseURL, "/control?failure_rate=1"), method: "POST")
      #expect(try await send(url(baseURL, "/countries/de")).status == 500)
      _ = try await send(url(baseURL, "/control?failure_rate=0"), method: "POST")
      #expect(try await send(url(baseURL, "/countries/de")).status == 200)
    }
  }

  @Test(
    "invalid control parameters answer 400 and change nothing",
    arguments: [
      "/control?failure_rate=2", "/control?latency_ms=-5", "/control?fail_next=x",
      "/control?speed=3",
    ])
  func badControl(path: String) async throws {
    try await withServer(knobs: ServerKnobs(latencyMs: 0)) { server, baseURL in
      let response = try await send(url(baseURL, path), method: "POST")
      #expect(response.status == 400)
      #expect(try !response.decode(APIErrorBody.self).error.isEmpty)
      #expect(await server.knobs == ServerKnobs())
    }
  }
}

extension Sequence {
  /// Runs the transform on each element one after another, in order.
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self {
      results.append(try await transform(element))
    }
    return results
  }
}
