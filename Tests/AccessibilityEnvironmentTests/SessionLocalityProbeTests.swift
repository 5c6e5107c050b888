import AccessibilityEnvironment
import Testing

@Suite("SessionLocalityProbe over fake /proc trees")
struct SessionLocalityProbeTests {
  /// Adds a process with its parent (in `stat`, after a command name with a space and a parenthesis).
  private func add(
    _ tree: FakeTree, pid: Int, parent: Int, comm: String, uid: UInt32 = 1000, environment: [String] = [],
    terminal: UInt64 = 0
  ) throws {
    try tree.addProcess(pid: pid, comm: comm, cmdline: [comm], uid: uid)
    try tree.write("\(pid)/stat", "\(pid) (\(comm) (x)) S \(parent) \(pid) \(pid) \(terminal) -1 4194560\n")
    try tree.write("\(pid)/environ", environment.map { $0 + "\u{0}" }.joined())
  }

  private func probe(_ tree: FakeTree, pid: Int32 = 300, environment: [String: String] = [:]) -> SessionLocality {
    SessionLocalityProbe(environment: environment, procRoot: tree.root, processID: pid, userID: 1000).locality()
  }

  /// init, a login shell, and passcode (300) under it.
  private func localTree() throws -> FakeTree {
    let tree = try FakeTree()
    try add(tree, pid: 1, parent: 0, comm: "systemd", uid: 0)
    try add(tree, pid: 200, parent: 1, comm: "bash")
    try add(tree, pid: 300, parent: 200, comm: "passcode")
    return tree
  }

  @Test("a shell under init with no SSH variable is local")
  func local() throws {
    #expect(probe(try localTree()) == .local)
  }

  @Test(
    "each SSH variable, when not empty, makes the session remote",
    arguments: ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"])
  func sshVariable(name: String) throws {
    let tree = try localTree()
    #expect(probe(tree, environment: [name: "10.0.0.1 5000 10.0.0.2 22"]) == .remote(.environment(variable: name)))
    #expect(probe(tree, environment: [name: ""]) == .local)
  }

  @Test(
    "an sshd or mosh-server ancestor makes the session remote even without the variables (after sudo)",
    arguments: ["sshd", "sshd-session", "mosh-server"])
  func remoteAncestor(server: String) throws {
    let tree = try FakeTree()
    try add(tree, pid: 1, parent: 0, comm: "systemd", uid: 0)
    try add(tree, pid: 100, parent: 1, comm: server, uid: 0)
    try add(tree, pid: 200, parent: 100, comm: "sudo", uid: 0)
    try add(tree, pid: 300, parent: 200, comm: "passcode")
    #expect(probe(tree) == .remote(.ancestor(program: server)))
  }

  @Test("inside tmux, a tmux client of this user with SSH_CONNECTION makes the session remote; another user's does not")
  func remoteTmuxClient() throws {
    let tree = try FakeTree()
    try add(tree, pid: 1, parent: 0, comm: "systemd", uid: 0)
    try add(tree, pid: 50, parent: 1, comm: "tmux: server")
    try add(tree, pid: 200, parent: 50, comm: "bash")
    try add(tree, pid: 300, parent: 200, comm: "passcode")
    try add(tree, pid: 400, parent: 1, comm: "tmux: client", uid: 1001, environment: ["SSH_CONNECTION=1 2 3 4"])
    let tmux = ["TMUX": "/tmp/tmux-1000/default,50,0"]
    #expect(probe(tree, environment: tmux) == .local)

    try add(tree, pid: 401, parent: 1, comm: "tmux: client", environment: ["TERM=xterm", "SSH_CONNECTION=1 2 3 4"])
    #expect(
      probe(tree, environment: tmux)
        == .remote(.multiplexerClient(program: "tmux", evidence: "SSH_CONNECTION is set")))
    #expect(probe(tree) == .local, "outside tmux, tmux clients do not matter")
  }

  @Test("a tmux client under mosh-server counts as remote")
  func tmuxClientUnderMosh() throws {
    let tree = try localTree()
    try add(tree, pid: 90, parent: 1, comm: "mosh-server")
    try add(tree, pid: 91, parent: 90, comm: "tmux: client")
    #expect(
      probe(tree, environment: ["TMUX": "/tmp/tmux-1000/default,50,0"])
        == .remote(.multiplexerClient(program: "tmux", evidence: "it runs under mosh-server")))
  }

  @Test("the terminal gpg-agent names is remote when a login shell of this user on it runs under sshd")
  func remoteTerminal() throws {
    let pts3: UInt64 = (136 << 8) | 3
    let tree = try FakeTree()
    try add(tree, pid: 1, parent: 0, comm: "systemd", uid: 0)
    try add(tree, pid: 10, parent: 1, comm: "systemd")
    try add(tree, pid: 20, parent: 10, comm: "gpg-agent")
    try add(tree, pid: 300, parent: 20, comm: "pinentry-passco", terminal: pts3)
    try add(tree, pid: 100, parent: 1, comm: "sshd", uid: 0)
    try add(tree, pid: 110, parent: 100, comm: "bash", terminal: (136 << 8) | 4)
    let terminal = (path: "/dev/pts/3", device: pts3)
    func probe() -> SessionLocality {
      SessionLocalityProbe(environment: [:], procRoot: tree.root, processID: 300, userID: 1000, terminal: terminal)
        .locality()
    }
    #expect(probe() == .local, "the SSH session is on another terminal")

    try add(tree, pid: 111, parent: 100, comm: "bash", terminal: pts3)
    #expect(probe() == .remote(.terminalSession(terminal: "/dev/pts/3", evidence: "it runs under sshd")))
  }

  @Test("a terminal's device number is read from a real character device, and nothing else")
  func deviceNumbers() {
    // Compared outside #expect: AddressSanitizer flags swift-testing's capture of an optional UInt64
    // operand (a 9-byte read of the 8-byte value) as a stack-buffer-overflow.
    let null = SessionLocalityProbe.deviceNumber(ofTerminal: "/dev/null")
    let directory = SessionLocalityProbe.deviceNumber(ofTerminal: "/tmp")
    let nullIsCharacterDevice = null == (1 << 8) | 3
    let directoryIsNothing = directory == nil
    #expect(nullIsCharacterDevice, "/dev/null is 1:3")
    #expect(directoryIsNothing, "a directory has no terminal device number")
  }
}
