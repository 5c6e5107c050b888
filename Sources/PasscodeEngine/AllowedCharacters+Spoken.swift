extension EntryConfiguration.AllowedCharacters {
  /// The most parts a refused key's words name ("digits, the capital letters A to F and the letter x"); a set
  /// that takes more is ``SpokenSet/unsaid(count:)``.
  package static let spokenPartLimit = 3

  /// A caller's set of characters as a refused key tells it: made from the set alone, never from the key.
  package enum SpokenSet: Equatable, Hashable, Sendable {
    /// The set in at most ``spokenPartLimit`` parts, digits first, then letters of both cases, capitals and
    /// small letters, each in alphabetical order.
    case parts([SpokenPart])
    /// A set with characters other than ASCII letters and digits, or with more parts than can be heard at
    /// once: only how many characters it has is said.
    case unsaid(count: Int)
  }

  /// One unbroken run of a set's digits or letters, from `first` to `last` (the same scalar for a run of one).
  package struct SpokenPart: Equatable, Hashable, Sendable {
    /// What the run is made of.
    package enum Kind: Equatable, Hashable, Sendable {
      /// Digits.
      case digits
      /// Letters in both cases (`first` and `last` are the capitals).
      case letters
      /// Capital letters only.
      case capitals
      /// Small letters only.
      case smallLetters
    }

    /// What the run is made of.
    package let kind: Kind
    /// Its first character.
    package let first: Unicode.Scalar
    /// Its last character.
    package let last: Unicode.Scalar

    /// Makes a part.
    ///
    /// - Parameters:
    ///   - kind: What the run is made of.
    ///   - first: Its first character.
    ///   - last: Its last character, `first` for a run of one.
    package init(_ kind: Kind, _ first: Unicode.Scalar, _ last: Unicode.Scalar) {
      self.kind = kind
      self.first = first
      self.last = last
    }

    /// Whether the run is all of its kind (0 to 9, A to Z), which is said without its ends: "digits".
    package var isWhole: Bool {
      switch kind {
      case .digits: first == "0" && last == "9"
      case .letters, .capitals: first == "A" && last == "Z"
      case .smallLetters: first == "a" && last == "z"
      }
    }
  }

  /// How a refused key names a caller's set of characters.
  ///
  /// - Parameter set: The characters the prompt takes.
  /// - Returns: Its parts, or ``SpokenSet/unsaid(count:)`` when they cannot be heard in a few words.
  package static func spoken(_ set: Set<Unicode.Scalar>) -> SpokenSet {
    let unsaid = SpokenSet.unsaid(count: set.count)
    let digits = runs(of: set, in: "0"..."9")
    let capitals = runs(of: set, in: "A"..."Z")
    let small = runs(of: set, in: "a"..."z")
    guard digits.count + capitals.count + small.count > 0,
      set.count == (digits + capitals + small).reduce(0, { $0 + $1.count })
    else { return unsaid }
    // A run in both cases is one part, "the letters A to F"; the rest keep their case.
    let lowered = { (run: ClosedRange<UInt32>) in (run.lowerBound + 32)...(run.upperBound + 32) }
    let both = capitals.filter { small.contains(lowered($0)) }
    var parts = digits.map { SpokenPart(.digits, $0) }
    parts += both.map { SpokenPart(.letters, $0) }
    parts += capitals.filter { !both.contains($0) }.map { SpokenPart(.capitals, $0) }
    parts += small.filter { run in !both.contains { lowered($0) == run } }.map { SpokenPart(.smallLetters, $0) }
    return parts.count <= spokenPartLimit ? .parts(parts) : unsaid
  }

  /// The unbroken runs of `set`'s scalars within `range`, in order.
  private static func runs(of set: Set<Unicode.Scalar>, in range: ClosedRange<Unicode.Scalar>) -> [ClosedRange<UInt32>]
  {
    var runs: [ClosedRange<UInt32>] = []
    for value in range.lowerBound.value...range.upperBound.value {
      guard let scalar = Unicode.Scalar(value), set.contains(scalar) else { continue }
      if let last = runs.last, last.upperBound + 1 == value {
        runs[runs.count - 1] = last.lowerBound...value
      } else {
        runs.append(value...value)
      }
    }
    return runs
  }
}

extension EntryConfiguration.AllowedCharacters.SpokenPart {
  /// A part from a run of scalar values, which ``EntryConfiguration/AllowedCharacters/runs(of:in:)`` takes
  /// only from ASCII ranges, so each is a scalar.
  fileprivate init(_ kind: Kind, _ run: ClosedRange<UInt32>) {
    self.init(kind, Unicode.Scalar(run.lowerBound) ?? "0", Unicode.Scalar(run.upperBound) ?? "0")
  }
}
