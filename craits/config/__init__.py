"""Configuration: strict YAML loading, schema validation with file/line/key errors, rules."""

from craits.config.errors import ConfigError
from craits.config.rules import load_rules, read_rule_book
from craits.config.schema import Integer, ListOf, MapOf, Number, OneOf, Struct, validate
from craits.config.yamlfile import StrictLoader, load_yaml_file, parse_yaml

__all__ = [
    "ConfigError", "Integer", "ListOf", "MapOf", "Number", "OneOf", "StrictLoader", "Struct",
    "load_rules", "load_yaml_file", "parse_yaml", "read_rule_book", "validate",
]
