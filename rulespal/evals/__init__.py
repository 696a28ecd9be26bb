"""Evaluation harnesses: retrieval, answers and tool use, over the datasets in evals/datasets."""
