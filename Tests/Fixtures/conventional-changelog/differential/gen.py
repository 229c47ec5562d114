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
# Reverts: the revert patterns' quotes, spaces and hashes.
pieces = ["Revert", "revert:", "REVERT", "Revert:", "revert"]
spaces = [" ", "\t", "\n", "\u00a0", "", "  "]
for i in range(300):
    head = random.choice(pieces) + random.choice(spaces) + random.choice(["\"", "", "\"\""])
    body = "".join(random.choice(["feat: x", "\"", " ", "\n", "\n\n", "y", "This reverts commit ", "é"]) for _ in range(random.randint(0, 4)))
    tail = random.choice(["", "\"", "\".", " "]) + random.choice(spaces) + random.choice(["This reverts commit ", "this REVERTS commit ", "This reverts commit"]) 
    hash_ = random.choice(["abc", "abcdef1", "abcdef1234567890", "a" * 41, "a" * 40, "", "abc_12-x", "1234567."]) + random.choice(["", ".", " ", "x", "\n"])
    cases.append([random.choice(["angular", "cc"]), head + body + tail + hash_])
json.dump(cases, open("cases.json", "w"))
