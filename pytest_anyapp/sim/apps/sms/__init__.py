"""SMS app doubles: Simple SMS Messenger (the AndroidWorld original), Fossify Messages, QUIK SMS
and Google Messages. Each has its own screens, labels and flows, as the real apps differ; all
keep messages (drafts included) in the telephony provider and read contacts from the contacts
provider, so the harness's SMS verifier reads them exactly as on a phone."""
