import AsyncContent
import Foundation
import Testing

/// The core of the DocC tutorial "Build a countries app": its web service and its final model,
/// which this target compiles from the catalog's Resources/Tutorial (the two files beside this
/// one link there), do what the tutorial says. The service answers at once here (`latency: .zero`), so no
/// test waits on the wall clock.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CountriesTutorialTests {
  private func makeModel() -> (CountriesModel, CountryAPI) {
    let api = CountryAPI(latency: .zero)
    return (CountriesModel(api: api), api)
  }

  @Test func theFirstPageHasTwelveCountries() async {
    let (model, _) = makeModel()
    await model.countries.load()
    #expect(model.countries.phase.kind == .loaded)
    #expect(model.countries.items.count == 12)
    #expect(model.countries.items.first?.name == "Austria")
    #expect(model.countries.hasMore)
  }

  @Test func pagesEndAfterThirtyCountries() async {
    let (model, _) = makeModel()
    await model.countries.load()
    await model.countries.loadMore()
    #expect(model.countries.items.count == 24)
    await model.countries.loadMore()
    #expect(model.countries.items.count == 30)
    #expect(!model.countries.hasMore)
    let footer = model.countries.phase.presentation(hasMore: model.countries.hasMore).footer
    let isEndOfList = if case .endOfList = footer { true } else { false }
    #expect(isEndOfList)
  }

  @Test func aFailedRefreshKeepsTheList() async {
    let (model, api) = makeModel()
    await model.countries.load()
    api.failureSwitch.set(true)
    await model.countries.reload()
    #expect(model.countries.phase.kind == .reloadFailed)
    #expect(model.countries.items.count == 12)  // the list stays
    #expect(model.countries.phase.presentation(hasMore: model.countries.hasMore).banner != nil)

    api.failureSwitch.set(false)
    await model.countries.reload()
    #expect(model.countries.phase.kind == .loaded)
  }

  @Test func aFailedFirstLoadIsRetried() async {
    let (model, api) = makeModel()
    api.failureSwitch.set(true)
    await model.countries.load()
    #expect(model.countries.phase.kind == .failed)
    api.failureSwitch.set(false)
    await model.countries.retry()
    #expect(model.countries.phase.kind == .loaded)
    #expect(model.countries.items.count == 12)
  }

  @Test func aFailedPageKeepsTheListAndLoadsAgain() async {
    let (model, api) = makeModel()
    await model.countries.load()
    api.failureSwitch.set(true)
    await model.countries.loadMore()
    #expect(model.countries.phase.kind == .loadMoreFailed)
    #expect(model.countries.items.count == 12)
    api.failureSwitch.set(false)
    await model.countries.loadMore()
    #expect(model.countries.items.count == 24)
  }

  @Test func detailsAndPlaceholders() async throws {
    let api = CountryAPI(latency: .zero)
    let japan = try await api.detail(id: "JP")
    #expect(japan.country.capital == "Tokyo")
    await #expect(throws: URLError.self) { try await api.detail(id: "XX") }
    #expect(Country.placeholder(1).id == "placeholder-1")
    #expect(Country.placeholder(1) != Country.placeholder(2))
  }

  @Test func screensShareACountryByKey() async {
    let (model, _) = makeModel()
    #expect(CountryDetailKey(id: "JP") == CountryDetailKey(id: "JP"))  // the key is its id
    let detail = model.store.observe(CountryDetailKey(id: "JP"))
    let another = model.store.observe(CountryDetailKey(id: "JP"))
    defer {
      detail.cancel()
      another.cancel()
    }
    #expect(detail.loader === another.loader)  // one loader: one request, one phase
    await detail.loader.load()
    #expect(detail.loader.phase.value?.country.capital == "Tokyo")
  }

  @Test func aFavoriteIsWrittenBackOrRolledBack() async throws {
    let (model, api) = makeModel()
    let key = CountryDetailKey(id: "JP")
    let subscription = model.store.observe(key)
    defer { subscription.cancel() }
    await subscription.loader.load()
    #expect(model.store.value(for: key)?.isFavorite == false)

    let answer = try await model.favorite.run(
      Favorite(id: "JP", isFavorite: true), in: model.store)
    #expect(answer.isFavorite)
    #expect(model.store.value(for: key)?.isFavorite == true)  // the server's answer

    api.failureSwitch.set(true)
    do {
      try await model.favorite.run(Favorite(id: "JP", isFavorite: false), in: model.store)
      Issue.record("the run succeeded while every request fails")
    } catch {
      #expect(error is URLError)
    }
    #expect(model.store.value(for: key)?.isFavorite == true)  // the edit was rolled back
  }
}
