"""Configuration: strict YAML loading, schema validation with file/line/key errors, rules."""

from craits.config.errors import ConfigError
from craits.config.rules import (
    RULE_FIELDS,
    RuleBook,
    list_presets,
    load_rules,
    read_rule_book,
    rules_from_mapping,
)
from craits.config.schema import (
    Boolean,
    Field,
    Integer,
    Invalid,
    ListOf,
    MapOf,
    Nullable,
    Number,
    OneOf,
    Struct,
    Text,
    validate,
)
from craits.config.yamlfile import Source, StrictLoader, YamlDocument, load_yaml_file, parse_yaml

__all__ = [
    "RULE_FIELDS", "Boolean", "ConfigError", "Field", "Integer", "Invalid", "ListOf", "MapOf",
    "Nullable", "Number", "OneOf", "RuleBook", "Source", "StrictLoader", "Struct", "Text",
    "YamlDocument", "list_presets", "load_rules", "load_yaml_file", "parse_yaml",
    "read_rule_book", "rules_from_mapping", "validate",
]
