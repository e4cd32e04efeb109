from parser import ConfigParser, ParseError


def test_parse_pairs():
    assert ConfigParser().parse("a=1") == {"a": "1"}


def test_parse_error_has_line():
    try:
        ConfigParser().parse("oops")
    except ParseError as error:
        assert error.line == 1
