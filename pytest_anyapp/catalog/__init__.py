"""The benchmark definition: categories, apps, and (via ``templates``) the task templates."""

from pytest_anyapp.catalog.apps import APPS, app_by_id, apps_in
from pytest_anyapp.catalog.models import AppSpec, Category

__all__ = ["APPS", "AppSpec", "Category", "app_by_id", "apps_in"]
