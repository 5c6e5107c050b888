import PasscodeTestSupport

/// What the VM lab's items (9 and 10) share: each run is one boot under TCG, at most ``maximumBoots`` whatever
/// `--runs` says and one in a smoke run (the VM lab's own boots are the checks), and the report names the boots,
/// what was booted and how long its fixtures took. Reported, never judged: TCG on a shared machine sets most of
/// each figure.
struct BootMeasurement {
  /// The most boots an item makes.
  static let maximumBoots = 5

  let context: BenchContext
  /// The item's number in the table.
  let item: Int
  /// The row's words.
  let measure: String

  /// Boots as many times as the run allows, measuring each boot with `measureBoot` (given its number, from 1),
  /// and adds the row, in milliseconds, and a note: "Item N: K boots of BOOTED under TCG (SCRIPT took S s);
  /// DETAIL".
  func run(
    booted: String, fixtures: VMLabFixtures, detail: String, _ measureBoot: (Int) throws -> Duration
  ) throws {
    let boots = context.options.smoke ? 1 : min(context.runs, Self.maximumBoots)
    var waits = Samples()
    for boot in 1...boots {
      waits.add(Double(try measureBoot(boot).wholeNanoseconds) / 1e6)
    }
    context.table.add(ResultRow(item: "\(item)", measure: measure, samples: waits, unit: "ms"))
    context.table.note(
      "Item \(item): \(boots) \(boots == 1 ? "boot" : "boots") of \(booted) under TCG (\(fixtures.generator.script) "
        + "took \(Int(Double(fixtures.buildTime.wholeNanoseconds) / 1e9)) s); \(detail)")
  }
}
