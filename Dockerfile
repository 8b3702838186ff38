# PlanRAG Assistant: the assistant with its embedded graph server (ArcadeDB, bundled JRE).
# Build: docker build -t planrag .      Run: docker run --env-file .env -p 8000:8000 planrag
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PLANRAG_DATA_DIR=/data

WORKDIR /app
RUN useradd --create-home --uid 10001 planrag && mkdir -p /data && chown planrag /data

COPY pyproject.toml README.md ./
COPY planrag ./planrag
COPY app ./app
RUN pip install --upgrade pip && pip install '.[embedded]'

COPY fixtures ./fixtures
COPY chainlit.md .env.example ./
ENV PLANRAG_FIXTURES_DIR=/app/fixtures

USER planrag
VOLUME ["/data"]
# Load the shipped datasets (idempotent), then open the console.
CMD ["sh", "-c", "planrag graph start && planrag load && exec planrag shell"]
