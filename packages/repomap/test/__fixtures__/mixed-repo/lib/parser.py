"""Parses configuration files into dictionaries."""

DEFAULT_ENCODING = "utf-8"


class ParseError(Exception):
    """Raised for malformed input, with the offending line."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"{message} (line {line})")
        self.line = line


class ConfigParser:
    def __init__(self, encoding: str = DEFAULT_ENCODING) -> None:
        self.encoding = encoding

    def parse(self, text: str) -> dict:
        result = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            if "=" not in raw:
                raise ParseError("expected key=value", number)
            key, value = raw.split("=", 1)
            result[key.strip()] = value.strip()
        return result


def load_config(path: str) -> dict:
    with open(path, encoding=DEFAULT_ENCODING) as handle:
        return ConfigParser().parse(handle.read())
