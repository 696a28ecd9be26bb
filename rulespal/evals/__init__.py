"""Evaluation harnesses: retrieval, answers and tool use, over the datasets in rulespal/evals/datasets; each run
writes to evals/results/<timestamp>/."""
