"""Moved: the SMS templates live in the SMS category bundle, ``verifiers.sms`` (this alias stays
for code written against the old path)."""

from verifiers.sms.state import *  # noqa: F403
from verifiers.sms.templates import *  # noqa: F403
from verifiers.sms.templates import TEMPLATES, SmsTemplate  # noqa: F401
