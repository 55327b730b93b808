// Runs one scenario, chosen by argv, for `callgrind.sh` (instruction counts) and for the
// idle-loader memory figure:
//
//     CallgrindProbe <scenario> <n> [page size]
//
// Scenarios: load-cycle (n cycles), task-await (n `Task { await op() }.value`, the floor of a
// load), bare-await (n awaits), paging-setup, paging-loader, paging-rebuild, paging-append,
// paging-task-append (the floor of a page), paging-identified (n items in pages of 50, or of
// the page size given), merge-setup, merge-append, merge-ascending, merge-identified-array, merge-setup-random,
// merge-random (n entries in pages of 50: the merge alone, see MergeScenarios.swift),
// merge-trivial-ascending, merge-trivial-setup-random, merge-trivial-random (the same merge
// of the paging scenarios' two-integer items),
// observe-generic, observe-concrete, observe-cached (n reads and writes of an observed
// property), notifications (n cycles; prints the observation notifications of each step),
// idle-memory (n idle loaders; prints heap bytes per loader from mallinfo2),
// store-lookup (n get-or-create lookups in a store of 10,000 live keys), store-dictionary-lookup
// (its floor: n lookups in a Dictionary of the same 10,000 keys, each holding an object),
// store-int-dictionary-lookup (the floor: the same keys, each holding an Int),
// store-memory (a store of n entries; prints heap bytes per entry from mallinfo2),
// store-loaded-memory (the same, each entry loaded once by `await load()`: it holds an Int
// value), store-prefetched-memory (the same, loaded by `prefetch(_:)`, no caller waiting), store-invalidate (n observed
// entries invalidated; checks that each reloads once and prints the notifications),
// store-evict-setup, store-evict (n unobserved entries; the second also advances the manual
// clock past gcAfter and waits until all are evicted; see StoreScenarios.swift), store-poll (n
// observed keys that poll at one interval, across 5 intervals; checks that each key polls once
// per interval and prints the store's wake-ups; see PollingScenarios.swift),
// select-notifications (n edits of a field a selection does not read, then n of the one it
// reads; prints the notifications its reader heard; see SelectScenarios.swift).
// The persistent cache (see PersistenceScenarios.swift), in the directory $PERSIST_DIR (a
// temporary one if unset): persist-prepare (writes n countries into restore.sqlite through a
// store, checkpoints it, and prints its bytes per entry beside the encoded values'),
// persist-restore (n restores, loader(for:) of keys with a row and no entry, from the database
// persist-prepare wrote, 10,000 entries), persist-restore-floor (its floor: n GRDB
// primary-key fetches of the same rows), persist-writes (n changes of one key while the
// store's clock advances one second, then the write; prints the transactions that reached the
// file), persist-launch (n launches: a store, a cache on a new file, persist(in:), one lookup),
// persist-launch-floor (n launches without persistence: a store and one lookup).
//
// callgrind.sh takes the difference of two runs of different lengths (less the setup of the
// pages for the paging scenarios, merge-setup or merge-setup-random for the merges), so the
// figures measure the loop alone, in steady state.
//
// The main actor is served by the main run loop, as in an app, rather than by an async
// top-level (`dispatch_main()`): valgrind 3.19 crashes when a thread is created after
// `dispatch_main()` has parked the main thread.
import AsyncContentCore
import CMallocStats
import Foundation
import Scenarios

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let count = Int(arguments[2]), count >= 0,
  let pageSize = arguments.count == 4 ? Int(arguments[3]) : 50, pageSize > 0
else {
  print("usage: CallgrindProbe <scenario> <n> [page size, 50 by default]")
  exit(64)
}
let scenario = arguments[1]

/// Keeps `value` alive and opaque to the optimizer.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// What the store scenarios keep alive until the process exits, so that no run measures the
/// deallocation of its store.
var kept: [AnyObject] = []

/// The live keys of store-lookup.
let storeKeys = 10_000

/// The paging scenarios' `Item` (two integers, no reference to count) in shuffled pages.
func makeTrivialRandomPages(_ count: Int) -> [[Item]] {
  makeMergePages(items: count, pageSize: pageSize, shuffled: true) {
    Item(id: $0, value: $0 &* 31)
  }
}

/// The directory of the persistence scenarios' databases.
let persistDirectory: URL = {
  let path =
    ProcessInfo.processInfo.environment["PERSIST_DIR"]
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("CallgrindProbe").path
  let url = URL(fileURLWithPath: path, isDirectory: true)
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

/// The database of persist-restore, which persist-prepare writes.
var restoreDatabase: URL { persistDirectory.appendingPathComponent("restore.sqlite") }

@MainActor
func run(_ scenario: String, count: Int) async {
  switch scenario {
  case "load-cycle":
    let loader = makeIdleLoader()
    await runLoadCycles(loader, cycles: count)
    consume(loader)
  case "bare-await":
    consume(await runBareAwaits(count))
  case "task-await":
    consume(await runTaskAwaits(count))
  case "paging-setup":
    consume(makePages(items: count, pageSize: pageSize))
  case "paging-loader":
    let pages = makePages(items: count, pageSize: pageSize)
    let loaded = await pageWithLoader(pages)
    precondition(loaded == count, "the loader lost items: \(loaded) of \(count)")
  case "paging-rebuild":
    let pages = makePages(items: count, pageSize: pageSize)
    let loaded = await pageByRebuilding(pages)
    precondition(loaded == count, "the rebuild lost items: \(loaded) of \(count)")
  case "paging-append":
    let pages = makePages(items: count, pageSize: pageSize)
    let loaded = pageByAppending(pages)
    precondition(loaded == count, "the append lost items: \(loaded) of \(count)")
  case "paging-task-append":
    let pages = makePages(items: count, pageSize: pageSize)
    let loaded = await pageByTaskAndAppending(pages)
    precondition(loaded == count, "the append lost items: \(loaded) of \(count)")
  case "paging-identified":
    let pages = makePages(items: count, pageSize: pageSize)
    let loaded = pageIntoIdentifiedArray(pages)
    precondition(loaded == count, "the merge lost items: \(loaded) of \(count)")
  case "merge-setup":
    consume(makeEntryPages(items: count, pageSize: pageSize, shuffled: false))
  case "merge-setup-random":
    consume(makeEntryPages(items: count, pageSize: pageSize, shuffled: true))
  case "merge-append":
    let merged = mergeByAppending(makeEntryPages(items: count, pageSize: pageSize, shuffled: false))
    precondition(merged == count, "the append lost entries: \(merged) of \(count)")
  case "merge-ascending", "merge-random":
    let shuffled = scenario == "merge-random"
    let pages = makeEntryPages(items: count, pageSize: pageSize, shuffled: shuffled)
    let merged = mergeIntoIdentifiedItems(pages)
    precondition(merged == count, "the merge lost entries: \(merged) of \(count)")
  case "merge-identified-array":
    let pages = makeEntryPages(items: count, pageSize: pageSize, shuffled: false)
    let merged = mergeIntoIdentifiedArray(pages)
    precondition(merged == count, "the merge lost entries: \(merged) of \(count)")
  case "merge-trivial-ascending":
    let merged = mergeIntoIdentifiedItems(makePages(items: count, pageSize: pageSize))
    precondition(merged == count, "the merge lost items: \(merged) of \(count)")
  case "merge-trivial-setup-random":
    consume(makeTrivialRandomPages(count))
  case "merge-trivial-random":
    let merged = mergeIntoIdentifiedItems(makeTrivialRandomPages(count))
    precondition(merged == count, "the merge lost items: \(merged) of \(count)")
  case "observe-generic": consume(observeGeneric(count))
  case "observe-concrete": consume(observeConcrete(count))
  case "observe-cached": consume(observeCachedKeyPath(count))
  case "notifications":
    let steps = await countNotifications(cycles: count)
    print("notifications: load \(steps.load), reload \(steps.reload), reset \(steps.reset)")
  case "idle-memory":
    let before = cmallocstats_bytes_in_use()
    let loaders = makeIdleLoaders(count)
    let after = cmallocstats_bytes_in_use()
    consume(loaders)
    guard after > before else {
      print("idle-memory needs glibc's mallinfo2")
      exit(69)
    }
    let bytes = after - before
    print(
      "idle loaders: \(count), heap bytes: \(bytes), per loader: \(count > 0 ? bytes / count : 0)")
  case "store-lookup":
    let store = makeStore(keys: storeKeys)
    consume(lookUpKeys(store, keys: storeKeys, lookups: count))
    precondition(store.count == storeKeys, "a lookup created an entry: \(store.count)")
    kept.append(store)
  case "store-dictionary-lookup":
    let dictionary = makeKeyDictionary(keys: storeKeys)
    consume(lookUpKeys(dictionary, keys: storeKeys, lookups: count))
    consume(dictionary)
  case "store-int-dictionary-lookup":
    let dictionary = makeIntDictionary(keys: storeKeys)
    consume(lookUpKeys(dictionary, keys: storeKeys, lookups: count))
    consume(dictionary)
  case "store-loaded-memory", "store-prefetched-memory":
    let before = cmallocstats_bytes_in_use()
    let store =
      scenario == "store-loaded-memory"
      ? await makeLoadedStore(keys: count) : await makePrefetchedStore(keys: count)
    let after = cmallocstats_bytes_in_use()
    checkLoaded(store, keys: count)
    kept.append(store)
    guard after > before else {
      print("store-loaded-memory needs glibc's mallinfo2")
      exit(69)
    }
    let bytes = after - before
    print(
      "loaded store entries: \(count), heap bytes: \(bytes), per entry: \(count > 0 ? bytes / count : 0)"
    )
  case "store-memory":
    let before = cmallocstats_bytes_in_use()
    let store = makeStore(keys: count)
    let after = cmallocstats_bytes_in_use()
    kept.append(store)
    guard after > before else {
      print("store-memory needs glibc's mallinfo2")
      exit(69)
    }
    let bytes = after - before
    print(
      "store entries: \(count), heap bytes: \(bytes), per entry: \(count > 0 ? bytes / count : 0)")
  case "store-invalidate":
    let (outcome, store) = await invalidateObserved(count)
    kept.append(store)
    precondition(
      outcome.reloads == count && outcome.entriesReloadedOnce == count,
      "invalidating \(count) observed entries: \(outcome)")
    print(
      "store invalidation: entries \(outcome.entries), reloads \(outcome.reloads),"
        + " notifications \(outcome.notifications)")
  case "store-evict-setup", "store-evict":
    let clock = ManualClock()
    let store = await makeStoreAwaitingCollection(count, clock: clock)
    if scenario == "store-evict" {
      let evicted = await evictAfterGCTime(store, clock: clock)
      precondition(evicted == count && store.count == 0, "evicted \(evicted) of \(count)")
    }
    kept.append(store)
  case "store-poll":
    let (outcome, store) = await pollObserved(count, intervals: 5)
    kept.append(store)
    precondition(
      outcome.keysPolledOncePerInterval == count, "polling \(count) observed keys: \(outcome)")
    print(
      "store polling: keys \(outcome.keys), intervals \(outcome.intervals),"
        + " wake-ups \(outcome.wakeUps)")
  case "select-notifications":
    let heard = countSelectNotifications(changes: count)
    print("select notifications: unread field \(heard.unreadField), read field \(heard.readField)")
  case "persist-prepare":
    let prepared = await preparePersistedCountries(count, at: restoreDatabase)
    print(
      "persisted entries: \(prepared.entries), file bytes: \(prepared.fileBytes),"
        + " encoded value bytes: \(prepared.encodedBytes)")
  case "persist-restore":
    let (store, cache) = await openRestoringStore(at: restoreDatabase, entries: persistedEntries)
    consume(restoreCountries(store, count: count, keys: persistedEntries))
    precondition(store.count == count, "the store holds \(store.count) entries of \(count)")
    kept.append(store)
    kept.append(cache)
  case "persist-restore-floor":
    let database = FloorDatabase(at: restoreDatabase)
    let found = fetchCountryRows(database, count: count, keys: persistedEntries)
    precondition(found == count, "found \(found) rows of \(count)")
    kept.append(database)
  case "persist-writes":
    let outcome = await changeOneKeyForOneSecond(
      count, at: persistDirectory.appendingPathComponent("writes.sqlite"))
    print(
      "persist writes: changes \(outcome.changes), transactions \(outcome.transactions),"
        + " frames \(outcome.frames)")
  case "persist-launch":
    // The files go first, the same ones for 0 launches as for 1, so that callgrind.sh's
    // difference of the two runs holds the launch alone.
    let urls = (0..<max(count, 1)).map {
      persistDirectory.appendingPathComponent("launch-\($0).sqlite")
    }
    for url in urls { deleteDatabase(at: url) }
    for url in urls.prefix(count) {
      let (store, cache) = await launchWithPersistence(at: url)
      kept.append(store)
      kept.append(cache)
    }
  case "persist-launch-floor":
    for _ in 0..<count { kept.append(launchWithoutPersistence()) }
  default:
    print("unknown scenario \(scenario)")
    exit(64)
  }
}

Task { @MainActor in
  await run(scenario, count: count)
  exit(0)
}
RunLoop.main.run()
