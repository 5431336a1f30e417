// Pure: hand-labeled corpus, Python (pytest and unittest).
import type { TCorpusCase } from "./types";

export const PYTHON_CASES: TCorpusCase[] = [
  {
    name: "py: a new module, pytest.raises with match, module constants",
    base: {
      "app/__init__.py": "",
      "app/config.py": "DEFAULT_HOST = 'localhost'\n\ndef load(path):\n    return {}\n",
    },
    gold: {
      "app/config.py": "DEFAULT_HOST = 'localhost'\nDEFAULT_PORT = 8080\n\ndef load(path):\n    return {}\n\ndef parse_port(text):\n    if not text.isdigit():\n        raise ValueError(f'invalid port: {text}')\n    return int(text)\n",
      "app/ports.py": "from app.config import parse_port\n\ndef normalize(text):\n    return parse_port(text.strip())\n",
    },
    tests: {
      "tests/test_config.py": `import pytest
from app import config
from app.ports import normalize

def test_default_port():
    assert config.DEFAULT_PORT == 8080
    assert config.DEFAULT_HOST == "localhost"

def test_bad_port():
    with pytest.raises(ValueError, match="invalid port"):
        config.parse_port("x")

def test_normalize():
    assert normalize(" 80 ") == 80
`,
    },
    text: "The configuration gains a default port of 8080. Parsing a port that is not a number raises a ValueError. Ports are normalized (surrounding spaces removed) by a helper.",
    labels: [
      { kind: "name", value: "DEFAULT_PORT", hidden: false, note: "stated as 'default port', beside the base's DEFAULT_HOST" },
      { kind: "literal", value: "8080", hidden: false },
      { kind: "name", value: "DEFAULT_HOST", hidden: false },
      { kind: "literal", value: "localhost", hidden: false },
      { kind: "name", value: "parse_port", hidden: true, note: "trap: 'Parsing a port' describes it in other words" },
      { kind: "literal", value: "invalid port", hidden: true },
      { kind: "path", value: "app.ports", hidden: true },
      { kind: "name", value: "normalize", hidden: true, note: "'normalized … by a helper' does not name the function" },
      { kind: "name", value: "config", hidden: false, note: "a module of the base" },
      { kind: "path", value: "pytest", hidden: false },
      { kind: "literal", value: "80", hidden: false, note: "computed" },
    ],
  },
  {
    name: "py: logging handlers and interface methods of a library",
    base: {
      "svc/__init__.py": "",
      "svc/log.py": "import logging\n\nclass PlainFormatter(logging.Formatter):\n    def format(self, record):\n        return record.getMessage()\n",
    },
    gold: {
      "svc/log.py": "import logging\nimport json\n\nclass PlainFormatter(logging.Formatter):\n    def format(self, record):\n        return record.getMessage()\n\nclass JsonFormatter(logging.Formatter):\n    def format(self, record):\n        return json.dumps({'msg': record.getMessage(), 'lvl': record.levelname})\n\n    def formatTime(self, record, datefmt=None):\n        return 'T'\n\n    def with_fields(self, **fields):\n        return self\n",
    },
    tests: {
      "tests/test_log.py": `import logging
from svc.log import JsonFormatter

def test_json_lines():
    fmt = JsonFormatter()
    record = logging.LogRecord("n", logging.INFO, "p", 1, "hello", None, None)
    assert '"msg": "hello"' in fmt.format(record)
    assert fmt.formatTime(record) == "T"
    assert fmt.with_fields(a=1) is fmt
`,
    },
    text: "Add a JsonFormatter for log records that writes each record as one JSON object with its message and level. It can carry extra fields attached to every line.",
    labels: [
      { kind: "name", value: "JsonFormatter", hidden: false },
      { kind: "path", value: "svc.log", hidden: false },
      { kind: "path", value: "logging", hidden: false },
      { kind: "literal", value: "T", hidden: true },
      { kind: "literal", value: "\"msg\": \"hello\"", hidden: false, note: "computed by json.dumps" },
    ],
  },
  {
    name: "py: unittest assertions, keyword options, a class attribute",
    base: {
      "bank/__init__.py": "",
      "bank/account.py": "class Account:\n    def __init__(self, owner):\n        self.owner = owner\n        self.balance = 0\n\n    def deposit(self, amount):\n        self.balance += amount\n",
    },
    gold: {
      "bank/account.py": "class Account:\n    CURRENCY = 'EUR'\n\n    def __init__(self, owner, overdraft_limit=0):\n        self.owner = owner\n        self.balance = 0\n        self.overdraft_limit = overdraft_limit\n\n    def deposit(self, amount):\n        self.balance += amount\n\n    def withdraw(self, amount):\n        if self.balance - amount < -self.overdraft_limit:\n            raise ValueError('insufficient funds')\n        self.balance -= amount\n",
    },
    tests: {
      "tests/test_account.py": `import unittest
from bank.account import Account

class AccountTest(unittest.TestCase):
    def test_overdraft(self):
        acct = Account("ann", overdraft_limit=50)
        acct.withdraw(30)
        self.assertEqual(acct.balance, -30)

    def test_refused(self):
        acct = Account("bob")
        with self.assertRaisesRegex(ValueError, "insufficient funds"):
            acct.withdraw(1)

    def test_currency(self):
        self.assertEqual(Account.CURRENCY, "EUR")
`,
    },
    text: "Accounts may be opened with an overdraft limit; withdrawing beyond it fails with \"insufficient funds\". Balances are in euros.",
    labels: [
      { kind: "name", value: "Account", hidden: false },
      { kind: "name", value: "overdraft_limit", hidden: false },
      { kind: "literal", value: "insufficient funds", hidden: false },
      { kind: "name", value: "CURRENCY", hidden: true },
      { kind: "literal", value: "EUR", hidden: true, note: "trap: 'euros' names it in other words" },
      { kind: "literal", value: "-30", hidden: false, note: "computed" },
    ],
  },
];
