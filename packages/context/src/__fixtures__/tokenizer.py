"""A toy tokenizer module used by the excerpt tests."""

import re
from dataclasses import dataclass

WORD = re.compile(r"\w+")


@dataclass
class Token:
    text: str
    start: int


class Tokenizer:
    """Splits text into tokens."""

    def __init__(self, lowercase: bool = False) -> None:
        self.lowercase = lowercase
        self.cache = {}

    def tokenize(self, text: str) -> list[Token]:
        if self.lowercase:
            text = text.lower()
        tokens = []
        for match in WORD.finditer(text):
            tokens.append(Token(match.group(0), match.start()))
        return tokens

    def count(self, text: str) -> int:
        return len(self.tokenize(text))

    def reset(self) -> None:
        self.cache.clear()


def parse_header(line: str) -> dict[str, str]:
    name, _, value = line.partition(":")
    if not name:
        raise ValueError("empty header name")
    return {name.strip(): value.strip()}


def main() -> None:
    tokenizer = Tokenizer(lowercase=True)
    print(tokenizer.count("Hello, world"))
