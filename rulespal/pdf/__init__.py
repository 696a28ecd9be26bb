"""PDF rulebooks: conversion to RulesPal Markdown (sections with page ranges) and storage for ingest."""

from rulespal.pdf.convert import ConvertedBook, pdf_to_markdown
from rulespal.pdf.markdown import SectionPages

__all__ = ["ConvertedBook", "SectionPages", "pdf_to_markdown"]
