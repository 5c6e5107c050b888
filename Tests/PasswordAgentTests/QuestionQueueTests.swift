import PasswordAgent
import Testing

@Suite("The queue policy")
struct QuestionQueueTests {
  private static func question(
    _ name: String, id: String? = nil, notAfter seconds: UInt64? = nil
  ) -> PasswordQuestion {
    PasswordQuestion(
      fileName: name, socketPath: "/run/\(name)", notAfter: seconds.map { at($0) }, message: "Question \(name)",
      identifier: id)
  }

  private static func at(_ seconds: UInt64) -> MonotonicInstant {
    MonotonicInstant(microseconds: seconds * 1_000_000)
  }

  /// A queue that found `present` at `seconds` and has handed out its first turn.
  private static func asking(_ present: [PasswordQuestion], at seconds: UInt64) -> QuestionQueue {
    var queue = QuestionQueue()
    _ = queue.update(present: present, now: at(seconds))
    _ = queue.takeNext(now: at(seconds))
    return queue
  }

  @Test("questions are asked one at a time, oldest first, and each turn says how many are pending")
  func order() {
    var queue = QuestionQueue()
    let first = Self.question("ask.a")
    let second = Self.question("ask.b")
    #expect(queue.update(present: [first, second], now: Self.at(1)).isEmpty)
    #expect(queue.takeNext(now: Self.at(1)) == QuestionTurn(question: first, pendingCount: 2))
    #expect(queue.takeNext(now: Self.at(1)) == nil, "one question at a time")
    queue.finish(first, .answered, now: Self.at(2))
    #expect(queue.takeNext(now: Self.at(2)) == QuestionTurn(question: second, pendingCount: 1))
    queue.finish(second, .cancelled, now: Self.at(3))
    #expect(queue.takeNext(now: Self.at(3)) == nil)
  }

  @Test("a question that arrives while one is asked is announced with the count, the asked one included")
  func arrivalsAreAnnounced() {
    let first = Self.question("ask.a")
    var queue = Self.asking([first], at: 1)
    let second = Self.question("ask.b")
    #expect(queue.update(present: [first, second], now: Self.at(2)) == [.announceWaiting(count: 2)])
    #expect(queue.update(present: [first, second], now: Self.at(3)).isEmpty, "only new arrivals are announced")
    #expect(queue.pendingCount == 2)
  }

  @Test("the question being asked is withdrawn when its file goes, and expires when NotAfter passes")
  func withdrawal() {
    let gone = Self.question("ask.gone")
    let expiring = Self.question("ask.late", notAfter: 10)
    var queue = Self.asking([gone, expiring], at: 1)
    #expect(queue.update(present: [expiring], now: Self.at(2)) == [.withdraw(gone, .withdrawn)])
    queue.finish(gone, .withdrawn, now: Self.at(2))
    #expect(queue.nextDeadline == Self.at(10))
    #expect(queue.takeNext(now: Self.at(3))?.question == expiring)
    #expect(queue.update(present: [expiring], now: Self.at(10)).isEmpty, "NotAfter itself is still in time")
    #expect(
      queue.update(present: [expiring], now: MonotonicInstant(microseconds: 10_000_001))
        == [.withdraw(expiring, .expired)])
    #expect(queue.pendingCount == 0)
    #expect(queue.nextDeadline == nil)
  }

  @Test("a question whose file goes after its NotAfter has timed out, not been withdrawn")
  func goneAfterDeadline() {
    let expiring = Self.question("ask.a", notAfter: 5)
    var queue = Self.asking([expiring], at: 1)
    #expect(queue.update(present: [], now: Self.at(6)) == [.withdraw(expiring, .expired)])
  }

  @Test("waiting questions that expire or vanish are dropped without a word")
  func waitingDrops() {
    let asked = Self.question("ask.a")
    let vanishing = Self.question("ask.b")
    let expiring = Self.question("ask.c", notAfter: 5)
    var queue = Self.asking([asked, vanishing, expiring], at: 1)
    #expect(queue.update(present: [asked, expiring], now: Self.at(6)).isEmpty)
    queue.finish(asked, .answered, now: Self.at(6))
    #expect(queue.takeNext(now: Self.at(6)) == nil)
  }

  @Test("a question already expired when taken is skipped")
  func expiredWhenTaken() {
    var queue = QuestionQueue()
    let expiring = Self.question("ask.a", notAfter: 5)
    let next = Self.question("ask.b")
    _ = queue.update(present: [expiring, next], now: Self.at(1))
    #expect(queue.takeNext(now: Self.at(6))?.question == next)
  }

  @Test("a finished question is not asked again while its file lingers, and is forgotten when it goes")
  func settledQuestions() {
    let question = Self.question("ask.a")
    var queue = Self.asking([question], at: 1)
    queue.finish(question, .answered, now: Self.at(2))
    #expect(queue.update(present: [question], now: Self.at(2)).isEmpty)
    #expect(queue.takeNext(now: Self.at(2)) == nil)
    _ = queue.update(present: [], now: Self.at(3))
    _ = queue.update(present: [question], now: Self.at(4))
    #expect(queue.takeNext(now: Self.at(4))?.question == question, "a new file of the same name is a new question")
  }

  @Test("the same Id within 30 seconds of an answer is asked again; later, another Id or a cancel is not")
  func askedAgainWindow() {
    let first = Self.question("ask.1", id: "cryptsetup:/dev/sda2")
    var queue = Self.asking([first], at: 100)
    queue.finish(first, .answered, now: Self.at(110))

    let again = Self.question("ask.2", id: "cryptsetup:/dev/sda2")
    let other = Self.question("ask.3", id: "cryptsetup:/dev/sdb1")
    _ = queue.update(present: [again, other], now: Self.at(140))
    #expect(queue.takeNext(now: Self.at(140))?.isAskedAgain == true, "30 s after the answer is still within")
    queue.finish(again, .cancelled, now: Self.at(141))
    #expect(queue.takeNext(now: Self.at(141))?.isAskedAgain == false, "another Id")
    queue.finish(other, .answered, now: Self.at(142))

    let late = Self.question("ask.4", id: "cryptsetup:/dev/sda2")
    _ = queue.update(present: [late], now: MonotonicInstant(microseconds: 141_000_001))
    #expect(queue.takeNext(now: Self.at(142))?.isAskedAgain == false, "a cancel does not start the window")
  }

  @Test("each wrong answer in a row counts a try: the second question of an Id is try 2, the third try 3")
  func attemptNumbers() {
    let first = Self.question("ask.1", id: "cryptsetup:/dev/vda")
    var queue = Self.asking([first], at: 100)
    #expect(queue.takeNext(now: Self.at(100)) == nil, "the first is being asked")
    queue.finish(first, .answered, now: Self.at(110))
    let second = Self.question("ask.2", id: "cryptsetup:/dev/vda")
    _ = queue.update(present: [second], now: Self.at(115))
    #expect(queue.takeNext(now: Self.at(115))?.attempt == 2)
    queue.finish(second, .answered, now: Self.at(120))
    let third = Self.question("ask.3", id: "cryptsetup:/dev/vda")
    _ = queue.update(present: [third], now: Self.at(125))
    #expect(queue.takeNext(now: Self.at(125))?.attempt == 3)
    queue.finish(third, .answered, now: Self.at(130))
    // Past the window the count starts again: a later question of the Id is a first try.
    let later = Self.question("ask.4", id: "cryptsetup:/dev/vda")
    _ = queue.update(present: [later], now: Self.at(200))
    let turn = queue.takeNext(now: Self.at(200))
    #expect(turn?.attempt == nil)
    #expect(turn?.isAskedAgain == false)
  }

  @Test("a question that arrives while the answer before it is still being sent is asked again")
  func askedAgainArrivingBeforeTheAnswerIsRecorded() {
    let first = Self.question("ask.1", id: "cryptsetup:/dev/sda2")
    var queue = Self.asking([first], at: 100)
    // systemd asks again as soon as the answer reaches it, before this agent has recorded the answer.
    let again = Self.question("ask.2", id: "cryptsetup:/dev/sda2")
    _ = queue.update(present: [first, again], now: Self.at(105))
    queue.finish(first, .answered, now: Self.at(105))
    #expect(queue.takeNext(now: Self.at(106))?.isAskedAgain == true)
  }

  @Test("the window closes just after 30 seconds, and a question without an Id is never asked again")
  func windowEdge() {
    let first = Self.question("ask.1", id: "x")
    let anonymous = Self.question("ask.2")
    var queue = Self.asking([first, anonymous], at: 0)
    queue.finish(first, .answered, now: Self.at(0))
    _ = queue.takeNext(now: Self.at(0))
    queue.finish(anonymous, .answered, now: Self.at(0))
    let late = Self.question("ask.3", id: "x")
    let anonymousAgain = Self.question("ask.4")
    _ = queue.update(present: [late, anonymousAgain], now: MonotonicInstant(microseconds: 30_000_001))
    #expect(queue.takeNext(now: Self.at(31))?.isAskedAgain == false)
    queue.finish(late, .answered, now: Self.at(31))
    #expect(queue.takeNext(now: Self.at(31))?.isAskedAgain == false)
  }

  @Test("--id takes only questions whose Id starts with the prefix")
  func identifierPrefix() {
    var queue = QuestionQueue(identifierPrefix: "cryptsetup:")
    let disk = Self.question("ask.1", id: "cryptsetup:/dev/sda2")
    let service = Self.question("ask.2", id: "sshd:x")
    let anonymous = Self.question("ask.3")
    _ = queue.update(present: [service, anonymous, disk], now: Self.at(1))
    #expect(queue.takeNext(now: Self.at(1))?.question == disk)
    #expect(queue.pendingCount == 1)
  }
}
