import random, json
random.seed(42)
tokens = ["feat", "fix", "(", ")", "!", ":", " ", ": ", "(scope)", "!: ", "BREAKING CHANGE", "BREAKING-CHANGE", "breaking change",
 "#", "#12", "gh-3", "owner/repo#7", "Closes", "closes ", "fixes", "Fixes #9.", "resolve", "prefix", "http://x.io/#5", "https://a.b/c",
 "@alice", "a@b.com", "Signed-off-by: A <a@b>", "Co-authored-by: B", "  indented: x", "* BREAKING CHANGE: y", "Revert ", "revert: ",
 "\"", "This reverts commit ", "abcdef1234", "abc.", "\n", "\n", "\n", "\n\n", "\r\n", "\r", "\t", "\u2028", "\u00a0", "é", "😀", "面试",
 "word", "Key: value", "-", "--- ", "gpg: sig", "# comment", ",", ";", ".", "]", "x", "Z"]
def message():
    n = random.randint(1, 25)
    return "".join(random.choice(tokens) for _ in range(n))
cases = []
for i in range(1000):
    m = message()
    if random.random() < 0.3: m = random.choice(["feat", "fix(core)", "chore!", "Revert \"", "revert: "]) + random.choice([": ", "!: ", " "]) + m
    cases.append([random.choice(["angular", "cc"]), m])
json.dump(cases, open("cases.json", "w"))
