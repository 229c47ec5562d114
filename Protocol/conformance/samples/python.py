"""Conformance sample in Python: 🙂 emoji, 한국어 and 日本語, \r\n lines."""
import sys


class Point:  # 점 🙂
    def __init__(self, x, y):
        self.x = x
        self.y = y


def greet(name):  # 👨‍👩‍👧‍👦 family
    return f"안녕하세요 {name} 🇰🇷"


def main():
    print(greet(sys.argv[0]), Point(1, 2).x)
